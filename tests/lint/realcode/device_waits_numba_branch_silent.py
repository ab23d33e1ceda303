"""More waits the code shows only through library semantics (lint34), silent: a Numba CUDA ufunc called on NumPy
arrays copies them in and the result back before it returns (after the kernel queued before it); `cuda.to_device`
without a stream is a synchronous copy; a branch on a CuPy or torch test of the result (`if not cp.allclose(...)`)
needs its value on the host.
WP104 reports each launch on host arrays inside a timed region (its copies are timed; default since lint75)."""
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
double[4096, 1024](d)
vadd(a, b)

t0 = time.perf_counter()
double[4096, 1024](d)
c = vadd(a, b)  # expect: WP104
print("kernel and ufunc", time.perf_counter() - t0)

t0 = time.perf_counter()
double[4096, 1024](d)
d2 = cuda.to_device(b)
print("kernel and upload", time.perf_counter() - t0)

m = cp.random.rand(2048, 2048, dtype=cp.float32)
ref = m @ m
t0 = time.perf_counter()
p = m @ m
if not cp.allclose(p, ref):
    raise SystemExit("mismatch")
print("matmul and check", time.perf_counter() - t0)
