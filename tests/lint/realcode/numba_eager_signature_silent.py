"""Sets 36 and 39 (lint53): a Numba kernel given its signature (`@cuda.jit("void(...)")`, the old
`argtypes=[...]`) is compiled when it is defined, so its first timed launch compiles nothing: not WP112. (libwaits)
The first launch still pays a one-off excess (0.80 ms against 0.079 ms for the next on an H200,
benchmarks/eager_jit_context.py), but each region here times 1000 launches, which spread it: not WP103 either. A
signature-given CUDA ufunc (`@vectorize([sig], target="cuda")`) is run once before its region: its first call costs
156 ms against 0.49 ms. numba_eager_single_launch_bad.py times one
launch each; `numba_eager_first_use_bad.py` keeps WP103 where the launch is the program's first GPU use."""
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
vadd(src, dst)  # the ufunc's first call is slow (156 ms against 0.49 ms on an H200): run once before the timing
cuda.synchronize()

t0 = time.perf_counter()
for _ in range(1000):
    double[4096, 256](src, dst)
cuda.synchronize()
print("double", (time.perf_counter() - t0) / 1000)

t0 = time.perf_counter()
for _ in range(1000):
    triple[4096, 256](src, dst)
cuda.synchronize()
print("triple", (time.perf_counter() - t0) / 1000)

t0 = time.perf_counter()
for _ in range(1000):
    out = vadd(src, dst)
cuda.synchronize()
print("vadd", (time.perf_counter() - t0) / 1000)
