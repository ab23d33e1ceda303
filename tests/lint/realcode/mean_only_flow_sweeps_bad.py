"""Per-call samples in sweeps, reduced to means (WP105): a helper returns a dict of metrics with the raw samples
rescaled into one field, stored per configuration and read back only by the mean fields (through an alias and a
loop over a literal list of field names); CuPy's `benchmark` result rebound in every sweep step and reduced to the
mean of its per-run arrays (named, and in place); a per-epoch list reset at the end of each epoch whose mean is all
that is kept."""
import statistics
import time

import cupy as cp
import numpy as np
import torch
from cupyx.profiler import benchmark

w = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    w @ w
torch.cuda.synchronize()


def run(fn, reps=20):
    ts = []
    for _ in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        ts.append(time.perf_counter() - t0)
    return {"avg_ms": 1e3 * np.mean(ts), "raw_ms": [t * 1e3 for t in ts]}  # expect: WP105


results = {}
for name, fn in [("mm", lambda: w @ w), ("mm_t", lambda: w @ w.T)]:
    results[name] = run(fn)
    r = results[name]
    print(name, r["avg_ms"])
for field, label in [("avg_ms", "mean ms")]:
    print(label, [results[n][field] for n in ("mm", "mm_t")])

x = cp.ones((2048, 2048), dtype=cp.float32)
gpu_ms = []
for n in (1, 4, 16):
    res = benchmark(cp.matmul, (x, x), n_repeat=n * 10)
    gpu_ms.append(res.gpu_times.mean() * 1e3)  # expect: WP105
print(gpu_ms)
print("sum kernel", benchmark(cp.sum, (x,), n_repeat=50).gpu_times.mean())  # expect: WP105

epoch_ms = []
step_ms = []
for epoch in range(3):
    for _ in range(50):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        w @ w
        torch.cuda.synchronize()
        step_ms.append((time.perf_counter() - t0) * 1e3)
    epoch_ms.append(statistics.mean(step_ms))  # expect: WP105
    step_ms = []
print("ms/step per epoch", epoch_ms)
