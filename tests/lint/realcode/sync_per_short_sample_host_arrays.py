"""Sizes a benchmark gives through host arrays (WP101): a weight built in NumPy and reshaped to `(rows, cols)`, an
input drawn with `np.random.uniform(size=(cols, 1))`, both moved with `torch.from_numpy(...).cuda()` and cast in
place (`w = w.half()`), the shapes unpacked together from a list of pairs (read pair by pair: 6144 x 2048 is 12.6M
elements, not 6144 x 6144); a CuPy copy of a NumPy draw; a sample function that binds its result to `_`. Each
sample synchronizes around a µs-scale op. Silent: the same matvec on pairs whose product passes 2^24 elements, and
a loop that takes one sample."""
import statistics
import time

import cupy as cp
import numpy as np
import torch

PAIRS = [(1024, 4096), (4096, 1024), (6144, 2048)]
BIG_PAIRS = [(8192, 4096), (4096, 8192)]


def per_call(fn, reps=500):
    for _ in range(20):
        fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
        torch.cuda.synchronize()  # expect: WP101
    return (time.perf_counter() - t0) / reps


for rows, cols in PAIRS:
    w = np.arange(rows * cols, dtype=np.float32).reshape((rows, cols))
    v = np.random.uniform(size=(cols, 1)).astype(np.float32)
    w = torch.from_numpy(w).cuda()
    v = torch.from_numpy(v).cuda()
    w = w.half()
    v = v.half()
    print(rows, cols, per_call(lambda: torch.matmul(w, v)))


def per_call_big(fn, reps=500):
    for _ in range(20):
        fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
        torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps


for r, c in BIG_PAIRS:
    big = torch.from_numpy(np.ones((r, c), dtype=np.float32)).cuda()
    print(r, c, per_call_big(lambda: big * 2.0))

n = 1 << 20
xs = cp.asarray(np.random.normal(size=(n,)).astype(np.float32))
ys = cp.asarray(np.random.normal(size=(n,)).astype(np.float32))
ms = []
for _ in range(200):
    e0, e1 = cp.cuda.Event(), cp.cuda.Event()
    e0.record()
    cp.add(xs, ys)
    e1.record()
    e1.synchronize()  # expect: WP101
    ms.append(cp.cuda.get_elapsed_time(e0, e1))
print(statistics.median(ms), min(ms))

act = torch.randn(8, 1024, 1024, device="cuda")
res = torch.randn_like(act)


def residual_step():
    _ = act + res


def event_samples(fn, count=50):
    out = []
    for _ in range(count):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        e.synchronize()  # expect: WP101
        out.append(s.elapsed_time(e))
    return statistics.median(out), statistics.stdev(out)


print(event_samples(residual_step))

ITER = 1
once_start = torch.cuda.Event(enable_timing=True)
once_end = torch.cuda.Event(enable_timing=True)
for _ in range(ITER):
    once_start.record()
    torch.matmul(act[0], act[1])
    once_end.record()
    torch.cuda.synchronize()
    print("once", once_start.elapsed_time(once_end))
