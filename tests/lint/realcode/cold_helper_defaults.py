"""Set 21 class (applied-ai): a timing helper whose warmup defaults to 0 and repeats to 1, called once per size in
a sweep with an extension op and the defaults: the first size's row is the op's first call (WP103, at that call); the same
for `ms = timed(lambda: torch.mm(a, a))` per size, `a` made on the GPU in the loop.
Silent: the same helper called with `warmup=3`, and a sweep after the op ran once."""

import time

import torch

import fused_round


def measure(func, x, warmup=0, repeats=1):
    for _ in range(warmup):
        func(x)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeats):
        func(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / repeats


def sweep(sizes=(1000, 100000, 10000000)):
    for size in sizes:
        x = torch.randn(size, device="cuda")
        t = measure(fused_round.round_bf16, x)  # expect: WP103
        print(size, t)


def measure_warm(func, x, warmup=0, repeats=1):
    for _ in range(warmup):
        func(x)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeats):
        func(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / repeats


def sweep_warm(sizes=(1000, 100000)):
    for size in sizes:
        x = torch.randn(size, device="cuda")
        t = measure_warm(fused_round.round_fp8, x, warmup=3)
        print(size, t)


def measure_plain(func, x):
    torch.cuda.synchronize()
    start = time.perf_counter()
    func(x)
    torch.cuda.synchronize()
    return time.perf_counter() - start


def sweep_after_check(sizes=(1000, 100000)):
    fused_round.round_fp16(torch.ones(8, device="cuda"))
    for size in sizes:
        x = torch.randn(size, device="cuda")
        t = measure_plain(fused_round.round_fp16, x)
        print(size, t)


def timed(fn):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end)


def mm_sweep(sizes=(1024, 2048)):
    for n in sizes:
        a = torch.randn(n, n, device="cuda")
        ms = timed(lambda: torch.mm(a, a))  # expect: WP103
        print(n, ms)


if __name__ == "__main__":
    sweep()
    sweep_warm()
    sweep_after_check()
    mm_sweep()
