# NumPy and CuPy sides written as mirrors: each draws its inputs and multiplies them between its own readings, so
# the input generation is part of both figures on purpose (like for like), not an allocation slipped into one.
import time

import cupy as cp
import numpy as np

t0 = time.perf_counter()
a = np.random.rand(2048, 2048)
b = np.random.rand(2048, 2048)
c = np.dot(a, b)
cpu_s = time.perf_counter() - t0
print(f"NumPy: {cpu_s:.4f} s")

cp.dot(cp.ones((64, 64)), cp.ones((64, 64)))
cp.cuda.Device().synchronize()
t0 = time.perf_counter()
a = cp.random.rand(2048, 2048)
b = cp.random.rand(2048, 2048)
c = cp.dot(a, b)
cp.cuda.Device().synchronize()
gpu_s = time.perf_counter() - t0
print(f"CuPy: {gpu_s:.4f} s")
