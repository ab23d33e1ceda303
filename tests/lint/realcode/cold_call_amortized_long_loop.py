"""The first call of a layer timed inside a loop of a million literal iterations: the one-time cost is a small part
of the total (silent). The same layer timed cold over a hundred iterations is reported."""

import time

import torch


def long_loop():
    reps = 1_000_000
    gate = torch.nn.Linear(256, 8).cuda()
    h = torch.randn(1024, 256, device="cuda")
    torch.cuda.synchronize()
    t = time.time()
    for _ in range(reps):
        gate(h)
    torch.cuda.synchronize()
    return (time.time() - t) / reps


def short_loop():
    reps = 100
    gate = torch.nn.Linear(256, 8).cuda()
    h = torch.randn(1024, 256, device="cuda")
    torch.cuda.synchronize()
    t = time.time()
    for _ in range(reps):
        gate(h)  # expect: WP103
    torch.cuda.synchronize()
    return (time.time() - t) / reps


if __name__ == "__main__":
    print(long_loop(), short_loop())
