"""A timing helper called first only for its output, the time thrown away (`_, ref = step(...)`, set 30 class): that
call is no cold measurement (no WP103); the measured calls follow a warm-up. A first call that keeps its time is
still reported."""
import time

import torch

net = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")


def step(model, inp):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = model(inp)
    torch.cuda.synchronize()  # expect: WP101
    seconds = time.perf_counter() - t0
    return seconds, out


def check_then_time():
    _, reference = step(net, x)
    step(net, x)
    samples = [step(net, x)[0] for _ in range(10)]
    return reference, sorted(samples)[len(samples) // 2]


def time_cold():
    other = torch.nn.Linear(1024, 1024).cuda()
    first, reference = step(other, x)  # expect: WP103
    return first, reference


print(check_then_time()[1])
print(time_cold()[0])
