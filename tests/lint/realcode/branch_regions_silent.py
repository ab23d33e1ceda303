"""(twentieth session, jitrecall) Near miss of branch_regions_bad.py: both kernels are warmed before the `if`/`else`
and launched on device arrays, so neither branch's region times a compile or a copy (silent). An `if` without an
`else` whose end reading is bound in the branch alone adds no second region."""

import sys
import time

import numpy as np
from numba import cuda

N = 16


@cuda.jit
def slow_mm(a, b, c):
    x, y = cuda.grid(2)
    t = 0.0
    for k in range(N):
        t += a[x, k] * b[k, y]
    c[x, y] = t


@cuda.jit
def fast_mm(a, b, c):
    x, y = cuda.grid(2)
    c[x, y] = a[x, 0] * b[0, y]


d_a = cuda.to_device(np.random.random((N, N)))
d_b = cuda.to_device(np.random.random((N, N)))
d_c = cuda.device_array((N, N))
slow_mm[1, (N, N)](d_a, d_b, d_c)
fast_mm[1, (N, N)](d_a, d_b, d_c)
cuda.synchronize()

if len(sys.argv) > 1:
    start = time.time()
    slow_mm[1, (N, N)](d_a, d_b, d_c)
    cuda.synchronize()
    end = time.time()
else:
    start = time.time()
    fast_mm[1, (N, N)](d_a, d_b, d_c)
    cuda.synchronize()
    end = time.time()
print("elapsed ms", 1e3 * (end - start))
