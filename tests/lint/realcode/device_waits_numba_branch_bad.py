"""The near misses of device_waits_numba_branch_silent.py (lint34): a Numba CUDA ufunc called on device arrays
returns a device array as soon as the kernel is queued; `cuda.to_device(..., stream=s)` is asynchronous; a branch
on a test made before the timed work waits for nothing of it. WP102."""
import time

import cupy as cp
import numpy as np
from numba import cuda, vectorize


@vectorize(["float32(float32, float32)"], target="cuda")
def vadd(x, y):
    return x + y


@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


a = np.ones(1 << 22, dtype=np.float32)
b = np.ones_like(a)
d = cuda.to_device(a)
e = cuda.to_device(b)
s = cuda.stream()
double[4096, 1024](d)
vadd(d, e)

t0 = time.perf_counter()
double[4096, 1024](d)
c = vadd(d, e)
print("kernel and ufunc on device", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
double[4096, 1024](d)
d2 = cuda.to_device(b, stream=s)
print("kernel and async upload", time.perf_counter() - t0)  # expect: WP102

m = cp.random.rand(2048, 2048, dtype=cp.float32)
ref = m @ m
m @ m
t0 = time.perf_counter()
if not cp.allclose(m, m):
    raise SystemExit("mismatch")
p = m @ m
print("check then matmul", time.perf_counter() - t0)  # expect: WP102
