"""WP103 class (M2 of set 41, shapes of our own): a function written for either array module (``xp =
cp.get_array_module(x)``) is run on host arrays first and then timed on GPU arrays: the GPU call is the first use
of every CuPy kernel it launches (compiled or loaded on first use), whatever the NumPy run did before."""

import time

import cupy as cp
import numpy as np
from cupy import get_array_module


def logistic(x):
    xp = cp.get_array_module(x)
    return 1.0 / (1.0 + xp.exp(-x))


def rms(v):
    xp = get_array_module(v)
    return xp.sqrt(xp.mean(v * v))


host = np.random.rand(1 << 22).astype(np.float32)
dev = cp.asarray(host)

t0 = time.perf_counter()
logistic(host)
print("numpy", time.perf_counter() - t0)
t0 = time.perf_counter()
logistic(dev)  # expect: WP103
cp.cuda.Device().synchronize()
print("cupy", time.perf_counter() - t0)

rms(host)
start = time.time()
r = float(rms(dev))  # expect: WP103
print("cupy rms", time.time() - start)
