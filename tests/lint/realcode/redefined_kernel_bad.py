"""A Numba CUDA kernel defined again (a notebook-style section pasted below the first, the same name decorated anew)
before its timed launch: the new ``@cuda.jit`` object has an empty cache, so the earlier version's launches warm
nothing and the timed launch compiles (twenty-first session, jitfirst, WP112)."""

from timeit import default_timer as timer

import numpy as np
from numba import cuda

n = 1 << 20
a = cuda.to_device(np.random.rand(n))
b = cuda.to_device(np.random.rand(n))
out = cuda.device_array_like(a)


@cuda.jit
def add(x, y, o):
    i = cuda.grid(1)
    if i < o.shape[0]:
        o[i] = x[i] + y[i]


add[n // 256, 256](a, b, out)  # warm-up of the first version
cuda.synchronize()
t0 = timer()
add[n // 256, 256](a, b, out)
cuda.synchronize()
print("first version:", timer() - t0)


@cuda.jit
def add(x, y, o):  # a second version: a new dispatcher
    i = cuda.grid(1)
    if i < o.shape[0]:
        o[i] = 2.0 * x[i] + y[i]


t0 = timer()
add[n // 256, 256](a, b, out)  # expect: WP112
cuda.synchronize()
print("second version:", timer() - t0)
