"""Ninth session (after the final measurement, set 44): the near miss of `cpu_gpu_branch_timing_silent.py`. The
branch beside the host-clock read waits for the device for another purpose (a check, a progress line, a log kept
apart from the samples), not as the other way to take the same sample: the test does not pick a device, and when
the host-clock branch runs the GPU work is still queued (WP102)."""
import time

import cupy as cp
import numpy as np
import torch


def bench_checked(fn, arr, fast, reps=10):
    spans, checks = [], []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(arr)
        if fast:
            spans.append(time.perf_counter() - t0)  # expect: WP102
        else:
            cp.cuda.Stream.null.synchronize()
            checks.append(bool(cp.isfinite(arr).all()))
    return np.median(spans), all(checks)


def bench_logged(fn, arr, reps=50):
    out, log = [], []
    for i in range(reps):
        t0 = time.perf_counter()
        fn(arr)
        if i % 10 == 0:
            cp.cuda.Device().synchronize()
            log.append(i)
        else:
            out.append(time.perf_counter() - t0)  # expect: WP102
    return min(out), log


def bench_quiet(fn, x, quiet, reps=10):
    laps = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(x)
        if quiet:
            laps.append(time.perf_counter() - t0)  # expect: WP102
        else:
            torch.cuda.synchronize()
            print("step done")
    return sorted(laps)[len(laps) // 2]


dev = cp.random.rand(1 << 20)
print(bench_checked(cp.sort, dev, True), bench_logged(cp.cumsum, dev))
print(bench_quiet(torch.linalg.inv, torch.randn(512, 512, device="cuda"), True))
