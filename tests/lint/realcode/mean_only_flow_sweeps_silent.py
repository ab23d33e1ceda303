"""Near misses of mean_only_flow_sweeps_bad.py: the raw field is read back for its percentiles, the CuPy result is
printed whole (its repr shows the spread), and a list that is never reset has its mean printed while the samples
are taken (a running mean in a progress log)."""
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
    return {"avg_ms": 1e3 * np.mean(ts), "raw_ms": [t * 1e3 for t in ts]}


results = {}
for name, fn in [("mm", lambda: w @ w), ("mm_t", lambda: w @ w.T)]:
    results[name] = run(fn)
for field, label in [("avg_ms", "mean ms"), ("raw_ms", "raw")]:
    print(label, [results[n][field] for n in ("mm", "mm_t")])

x = cp.ones((2048, 2048), dtype=cp.float32)
for n in (1, 4, 16):
    res = benchmark(cp.matmul, (x, x), n_repeat=n * 10)
    print(res.gpu_times.mean() * 1e3)
    print(res)

step_ms = []
for step in range(300):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    step_ms.append((time.perf_counter() - t0) * 1e3)
    if step % 100 == 0:
        print(step, "ms/step so far", np.mean(step_ms))
