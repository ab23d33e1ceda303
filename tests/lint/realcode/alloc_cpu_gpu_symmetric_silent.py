"""WP104, silent: the GPU side of a CPU-versus-GPU comparison whose CPU side draws its inputs inside its own
readings too, the two intervals divided into a speedup: each side times making its inputs (and, on the GPU side,
moving them), on purpose, so the draws and copies are part of both numbers."""
import time

import cupy as cp
import numpy as np

n = 1 << 22
for _ in range(3):
    t0 = time.perf_counter()
    a = np.random.rand(n)
    b = np.random.rand(n)
    c = np.dot(a, b)
    cpu_s = time.perf_counter() - t0

    t0 = time.perf_counter()
    x = cp.random.rand(n)
    y = cp.random.rand(n)
    z = cp.dot(x, y)
    cp.cuda.Device().synchronize()
    gpu_s = time.perf_counter() - t0
    print("speedup", cpu_s / gpu_s)

    t0 = time.perf_counter()
    ha = np.random.rand(n)
    hb = np.random.rand(n)
    da = cp.asarray(ha)
    db = cp.asarray(hb)
    dz = cp.dot(da, db)
    cp.cuda.Device().synchronize()
    hd_s = time.perf_counter() - t0
    print("speedup, host data", cpu_s / hd_s)
