"""Sets 36 and 39 (lint53): a Numba kernel given its signature (`@cuda.jit("void(...)")`, the old
`argtypes=[...]`) is compiled when it is defined, so its first timed launch compiles nothing: not WP112. The launch
is still the program's first use of the kernel's module (a cold start), which WP103 reports."""
import time

import numpy as np
from numba import cuda, float32


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
