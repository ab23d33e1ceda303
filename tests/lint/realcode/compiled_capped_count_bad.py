"""A compiled model first called inside a timed loop over a few inputs: the count is `min(setting, len(data))`, a
number of samples capped by a setting (3 here), not a walk over a whole data set, so compilation is a large share."""
import os
import time

import torch

N_SAMPLES = int(os.environ.get("N_SAMPLES", 3))

net = torch.nn.Linear(256, 256).cuda()
net = torch.compile(net, mode="reduce-overhead")


def advance(h):
    with torch.no_grad():
        return net(h)


inputs = [torch.randn(4, 256, device="cuda") for _ in range(16)]
count = min(N_SAMPLES, len(inputs))
spent = 0.0
for i in range(count):
    h = inputs[i]
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(32):
        h = advance(h)  # expect: WP112
    torch.cuda.synchronize()
    spent += time.perf_counter() - t0
print(f"{spent / count:.4f} s per input")

# the same cap written inline, the compiled module called directly in a `while` loop
head = torch.compile(torch.nn.Linear(256, 256).cuda())
spent = 0.0
torch.cuda.synchronize()
for i in range(min(len(inputs), N_SAMPLES)):
    h = inputs[i]
    t0 = time.perf_counter()
    while h.abs().sum() > 1e-3:
        h = head(h) * 0.5  # expect: WP112
    torch.cuda.synchronize()
    spent += time.perf_counter() - t0
print(f"{spent:.4f} s")


# a cap of a slice's length by a setting, the compiled function handed its input through a helper
@torch.compile
def mix(a, b):
    return torch.tanh(a @ b)


def run(a):
    return mix(a, a)


limit = min(4, len(inputs[2:]))
total = 0.0
for i in range(limit):
    t0 = time.perf_counter()
    out = run(inputs[i])  # expect: WP112
    torch.cuda.synchronize()
    total += time.perf_counter() - t0
print(f"{total / limit:.4f} s per input")
