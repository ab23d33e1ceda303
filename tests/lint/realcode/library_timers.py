"""Sets 14/16 class: host clocks behind a timing library. `timeit.Timer(fn).timeit(n)`, `timeit.timeit(lambda:
..., number=n)`, `timeit.repeat("stmt", ..., globals=globals())` (the string is parsed) and `with
contexttimer.Timer()` read a host clock and never synchronize: around GPU work with no synchronize in the timed
code, the number is the launch time (WP102); the timed code's first call ever is cold (WP103). Silent: the timed
callable synchronizes, the work was run before, `min()` of the repeats drops the cold one, host work."""
import timeit

import contexttimer
import numpy as np
import torch

lhs = torch.randn(2048, 2048, device="cuda")
rhs = torch.randn(2048, 2048, device="cuda")
lhs @ rhs


def step(layer, batch):
    return torch.relu(layer(batch))


def waited(layer, batch):
    y = step(layer, batch)
    torch.cuda.synchronize()
    return y


proj = torch.nn.Linear(2048, 2048).cuda()
tokens = torch.randn(64, 2048, device="cuda")

per_call = timeit.Timer(lambda: lhs @ rhs).timeit(100) / 100  # expect: WP102
print(f"{per_call * 1e3:.3f} ms")

samples = timeit.repeat("step(proj, tokens)", number=1, repeat=10, globals=globals())  # expect: WP102, WP103
print(np.mean(samples), np.std(samples))

with contexttimer.Timer() as clock:  # expect: WP102
    for _ in range(10):
        out = lhs @ rhs
print(clock.elapsed)

print(timeit.timeit(lambda: waited(proj, tokens), number=20))

fastest = min(timeit.repeat(lambda: torch.tanh(lhs), number=10, repeat=5))  # expect: WP102
print(fastest)

host = [float(i) for i in range(1000)]
print(timeit.timeit(lambda: sorted(host), number=100))

rounds = timeit.repeat(lambda: torch.sigmoid(rhs), number=10, repeat=5)  # expect: WP102, WP103
print(sum(rounds) / len(rounds))  # expect: WP105

grid = torch.rand(256, 256)
print(timeit.timeit(lambda: torch.fft.fft2(grid), number=10))  # host tensors here: host work
grid = grid.cuda()
print(timeit.timeit(lambda: torch.fft.fft2(grid), number=10))  # expect: WP102, WP103
