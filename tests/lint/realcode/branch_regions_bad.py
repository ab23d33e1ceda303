"""(twentieth session, jitrecall) An `if`/`else` whose branches each time their own kernel with the same clock
names, the interval read once after it: the `if` branch's readings reach the subtraction too, so its cold kernel
(never launched before: WP112) and its launch on host arrays (copies timed with it: WP104) are reported, as the
`else` branch's launch on host arrays is."""

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


a = np.random.random((N, N))
b = np.random.random((N, N))
c = np.zeros((N, N))
fast_mm[1, (N, N)](a, b, c)  # warm the fast kernel only

if len(sys.argv) > 1:
    start = time.time()
    slow_mm[1, (N, N)](a, b, c)  # expect: WP104, WP112
    end = time.time()
else:
    start = time.time()
    fast_mm[1, (N, N)](a, b, c)  # expect: WP104
    end = time.time()
print("elapsed ms", 1e3 * (end - start))
