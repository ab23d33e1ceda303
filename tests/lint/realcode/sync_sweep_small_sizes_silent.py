"""Sets 77-88 (sixteenth session), the silent side of `sync_sweep_small_sizes_bad.py`: a sweep whose every size is
long (the per-iteration synchronize is noise there), a timed loop that is itself the sweep (one sample per size:
the synchronize ends each single sample), and a grid-stride kernel with a loop in its body."""
import time

import cupy as cp
import numpy as np
import torch
from numba import cuda


def bench_dot(size, n_runs=20):
    a = cp.random.randn(size, size).astype(cp.float32)
    b = cp.random.randn(size, size).astype(cp.float32)
    cp.dot(a, b)
    cp.cuda.Stream.null.synchronize()
    start = time.perf_counter()
    for _ in range(n_runs):
        c = cp.dot(a, b)
        cp.cuda.Stream.null.synchronize()
    return (time.perf_counter() - start) / n_runs


for size in [4096, 8192]:
    print(size, bench_dot(size))

for size in [256, 8192]:
    x = torch.rand(size, size, device="cuda")
    y = torch.rand(size, size, device="cuda")
    torch.matmul(x, y)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    z = torch.matmul(x, y)
    torch.cuda.synchronize()
    print(size, time.perf_counter() - t0)


@cuda.jit
def rowsum(x, out, cols):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for r in range(start, out.shape[0], stride):
        acc = 0.0
        for c in range(cols):
            acc += x[r * cols + c]
        out[r] = acc


d_x = cuda.to_device(np.ones(1 << 20, dtype=np.float32))
d_out = cuda.device_array(1024, dtype=np.float32)
rowsum[8, 128](d_x, d_out, 1024)
cuda.synchronize()
t0 = time.perf_counter()
for _ in range(100):
    rowsum[8, 128](d_x, d_out, 1024)
    cuda.synchronize()
print((time.perf_counter() - t0) / 100)
