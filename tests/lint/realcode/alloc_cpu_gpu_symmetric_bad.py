"""WP104 near the symmetric CPU-versus-GPU comparison: the GPU side draws its inputs inside its readings while the CPU
side it is divided by times only the operation on inputs made before (an asymmetric comparison, reported); a
comparison whose CPU side draws nothing; and a GPU side linked by no expression (reported as before)."""
import time

import cupy as cp
import numpy as np

n = 1 << 22
a = np.random.rand(n)
b = np.random.rand(n)
for _ in range(3):
    t0 = time.perf_counter()
    c = np.dot(a, b)
    cpu_s = time.perf_counter() - t0

    t0 = time.perf_counter()
    x = cp.random.rand(n)  # expect: WP104
    y = cp.random.rand(n)
    z = cp.dot(x, y)
    cp.cuda.Device().synchronize()
    gpu_s = time.perf_counter() - t0
    print("speedup", cpu_s / gpu_s)

    t0 = time.perf_counter()
    ha = np.random.rand(n)
    hb = np.random.rand(n)
    da = cp.asarray(ha)  # expect: WP104
    db = cp.asarray(hb)
    dz = cp.dot(da, db)
    cp.cuda.Device().synchronize()
    hd_s = time.perf_counter() - t0
    print("speedup, host data", cpu_s / hd_s)
