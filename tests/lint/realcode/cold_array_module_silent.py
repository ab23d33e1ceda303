"""Near misses of cold_array_module_bad.py: the GPU path runs once untimed before it is timed, and a function only
ever run on host arrays is host work."""

import time

import cupy as cp
import numpy as np


def logistic(x):
    xp = cp.get_array_module(x)
    return 1.0 / (1.0 + xp.exp(-x))


host = np.random.rand(1 << 22).astype(np.float32)
dev = cp.asarray(host)

t0 = time.perf_counter()
logistic(host)
print("numpy", time.perf_counter() - t0)
logistic(dev[:1024])  # warm-up on the GPU
cp.cuda.Device().synchronize()
t0 = time.perf_counter()
logistic(dev)
cp.cuda.Device().synchronize()
print("cupy", time.perf_counter() - t0)
