# The NumPy side times the product alone (its inputs drawn before its reading); the CuPy side draws its inputs
# inside its readings: the random fill is timed with the GPU product only.
import time

import cupy as cp
import numpy as np

a = np.random.rand(2048, 2048)
b = np.random.rand(2048, 2048)
t0 = time.perf_counter()
c = np.dot(a, b)
cpu_s = time.perf_counter() - t0
print(f"NumPy: {cpu_s:.4f} s")

cp.dot(cp.ones((64, 64)), cp.ones((64, 64)))
cp.cuda.Device().synchronize()
t0 = time.perf_counter()
a = cp.random.rand(2048, 2048)  # expect: WP104
b = cp.random.rand(2048, 2048)
c = cp.dot(a, b)
cp.cuda.Device().synchronize()
gpu_s = time.perf_counter() - t0
print(f"CuPy: {gpu_s:.4f} s")
