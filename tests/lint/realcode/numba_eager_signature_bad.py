"""Near twin of `numba_eager_signature_silent.py` (lint53): without a signature (`@cuda.jit`, `@cuda.jit(cache=True)`,
`@cuda.jit(fastmath=True)`) Numba compiles the kernel on its first launch, inside the timed region: WP112."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def double(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 2 * src[i]


@cuda.jit(cache=True)
def triple(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 3 * src[i]


@cuda.jit(fastmath=True)
def quadruple(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 4 * src[i]


src = cuda.to_device(np.ones(1 << 20, dtype=np.float32))
dst = cuda.device_array(1 << 20, dtype=np.float32)

t0 = time.perf_counter()
double[4096, 256](src, dst)  # expect: WP112
cuda.synchronize()
print("double", time.perf_counter() - t0)

t0 = time.perf_counter()
triple[4096, 256](src, dst)  # expect: WP112
cuda.synchronize()
print("triple", time.perf_counter() - t0)

t0 = time.perf_counter()
quadruple[4096, 256](src, dst)  # expect: WP112
cuda.synchronize()
print("quadruple", time.perf_counter() - t0)
