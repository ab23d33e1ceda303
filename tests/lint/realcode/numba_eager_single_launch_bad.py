"""Sets 36 and 39 (lint53): a Numba kernel given its signature (`@cuda.jit("void(...)")`, the old
`argtypes=[...]`) is compiled when it is defined, so its first timed launch compiles nothing: not WP112. But the first
launch still costs more than the next: 0.80 ms against 0.079 ms on an H200 (numba-cuda 0.30, 2026-12-03,
benchmarks/eager_jit_context.py), against a kernel of a few microseconds. A region timing that one launch reports
mostly that one-off cost: WP103. A signature-given CUDA ufunc's first call costs far more (156 ms against 0.49 ms):
WP103 too.
numba_eager_signature_silent.py times many launches, which spread it."""
import time

import numpy as np
from numba import cuda, float32, vectorize


@cuda.jit("void(float32[:], float32[:])")
def double(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 2 * src[i]


@cuda.jit(argtypes=[float32[:], float32[:]])
def triple(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 3 * src[i]


@vectorize(["float32(float32, float32)"], target="cuda")
def vadd(a, b):
    return a + b


src = cuda.to_device(np.ones(1 << 20, dtype=np.float32))
dst = cuda.device_array(1 << 20, dtype=np.float32)

t0 = time.perf_counter()
double[4096, 256](src, dst)  # expect: WP103
cuda.synchronize()
print("double", time.perf_counter() - t0)

t0 = time.perf_counter()
triple[4096, 256](src, dst)  # expect: WP103
cuda.synchronize()
print("triple", time.perf_counter() - t0)

t0 = time.perf_counter()
out = vadd(src, dst)  # expect: WP103
cuda.synchronize()
print("vadd", time.perf_counter() - t0)
