"""`torch.cuda.comm.gather(tensors, destination=-1)` gathers GPU tensors into a CPU tensor: a blocking copy back to
the host, which returns once the work that produced them is done. Called through a lambda of the file, at the end of
a timed function, the clock read after it covers the work (lint97, set 87)."""
import time

import torch

devices = list(range(torch.cuda.device_count()))
gather = lambda ts: torch.cuda.comm.gather(ts, destination=-1)  # noqa: E731


def step(xs):
    outs = [torch.relu(x @ x).mean().unsqueeze(0) for x in xs]
    return gather(outs).sum()


def bench(xs):
    step(xs)
    t0 = time.perf_counter()
    total = step(xs)
    return time.perf_counter() - t0, total


def bench_direct(xs):
    step(xs)
    t0 = time.perf_counter()
    outs = [torch.relu(x @ x).mean().unsqueeze(0) for x in xs]
    total = torch.cuda.comm.gather(outs, destination=-1)
    return time.perf_counter() - t0, total


xs = [torch.randn(512, 512, device=f"cuda:{d}") for d in devices]
print(bench(xs), bench_direct(xs))
