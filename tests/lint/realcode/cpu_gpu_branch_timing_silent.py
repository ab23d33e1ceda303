"""Ninth session (after the final measurement, set 44): a CPU/GPU timing helper whose two branches take the same
sample two ways: the GPU branch waits for the device (events and a synchronize), the other reads a host clock. The
test that picks the branch is the input's library, whatever its spelling (a type name, `xp is cupy`, a flag the
file does not name): the host clock times only the CPU path. Silent."""
import time

import cupy as cp
import numpy as np
import torch


def bench_by_type(fn, arr, reps=10):
    spans = []
    begin, end = cp.cuda.Event(), cp.cuda.Event()
    for _ in range(reps):
        t0 = time.perf_counter()
        begin.record()
        fn(arr)
        if isinstance(arr, cp.ndarray):
            end.record()
            end.synchronize()
            spans.append(cp.cuda.get_elapsed_time(begin, end) / 1e3)
        else:
            spans.append(time.perf_counter() - t0)
    return np.median(spans), np.std(spans)


def bench_by_module(fn, arr, reps=10):
    xp = cp.get_array_module(arr)
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        start.record()
        fn(arr)
        if xp is np:
            out.append(time.perf_counter() - t0)
        else:
            stop.record()
            stop.synchronize()
            out.append(cp.cuda.get_elapsed_time(start, stop) / 1e3)
    return min(out), max(out)


def bench_by_flag(fn, x, plain, reps=10):
    laps = []
    e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(reps):
        t0 = time.perf_counter()
        e0.record()
        fn(x)
        if plain:
            laps.append(time.perf_counter() - t0)
        else:
            e1.record()
            torch.cuda.synchronize()
            laps.append(e0.elapsed_time(e1) / 1e3)
    return sorted(laps)[len(laps) // 2]


host = np.random.rand(1 << 20)
dev = cp.asarray(host)
for a in (host, dev):
    print(bench_by_type(cp.sort if a is dev else np.sort, a))
print(bench_by_module(np.cumsum, host), bench_by_module(cp.cumsum, dev))
for t, host_only in ((torch.randn(512, 512), True), (torch.randn(512, 512, device="cuda"), False)):
    print(bench_by_flag(torch.linalg.inv, t, host_only))
