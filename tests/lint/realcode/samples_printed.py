"""Set 15 class: every sample is printed where it is taken, and then the mean: the reader sees each sample, the
mean is not the only number reported (WP105 silent). A per-sample print under `if verbose:` is not shown by
default, so there the mean is still the only number (reported)."""

import time
from timeit import default_timer as timer

import numpy as np
import torch

x = torch.randn(4096, 4096, device="cuda")


def each_printed(runs=5):
    times = []
    x @ x
    for i in range(runs):
        torch.cuda.synchronize()
        start = timer()
        y = x @ x
        torch.cuda.synchronize()
        finish = timer() - start
        times.append(finish)
        print(i, "t =", round(finish, 6), y[0, :5])
    print("Average time:", sum(times) / len(times))
    print("Average after first pass:", sum(times[1:]) / len(times[1:]))


def each_printed_events(runs=5):
    times_ms = []
    x @ x
    for i in range(runs):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        x @ x
        e.record()
        torch.cuda.synchronize()
        ms = s.elapsed_time(e)
        times_ms.append(ms)
        print(f"  run {i}: {ms:.3f} ms")
    return np.mean(times_ms)


def verbose_only(runs=10, verbose=False):
    lis = []
    x @ x
    for i in range(runs):
        torch.cuda.synchronize()
        t_st = time.perf_counter()
        x @ x
        torch.cuda.synchronize()
        t_ed = time.perf_counter()
        lis.append(t_ed - t_st)
        if verbose:
            print(i, t_ed - t_st)
    print(f"mean: {np.mean(lis):.5f} s")  # expect: WP105
