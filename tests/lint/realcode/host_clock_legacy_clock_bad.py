"""Set 64 (lint80): `time.clock()` (Python 2, and Python 3 before 3.8) is a host clock like `time.time()`: a CuPy
loop between two of its readings with no synchronize measures the launches (WP102), and a CuPy `RawKernel` or
`ElementwiseKernel` first launched in a loop between them is compiled inside it (WP112). Only the first launch
compiles: the later ones return before their kernels run, so the region is WP102's too. A region whose only work is
one first launch measures its compilation, host work: WP112 alone."""
import time

import cupy as cp
import numpy as np

scale_add = cp.ElementwiseKernel("float64 a, float64 b", "float64 c", "c = 2 * a + b", "scale_add")
shift = cp.ElementwiseKernel("float64 a", "float64 c", "c = a + 1", "shift")
halve = cp.RawKernel(r'''
extern "C" __global__ void halve(double* v, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) v[i] *= 0.5;
}''', "halve")

u = cp.asarray(np.random.rand(1 << 20))
w = cp.asarray(np.random.rand(1 << 20))
norm_of_u = cp.linalg.norm(u)

start = time.clock()
for _ in range(500):
    cp.linalg.norm(u)
spent = time.clock() - start  # expect: WP102
print("norms", spent)

start = time.clock()
for _ in range(8):
    scale_add(u, w)  # expect: WP112
spent = time.clock() - start  # expect: WP102
print("elementwise kernel", spent)

start = time.clock()
for _ in range(8):
    halve((1024,), (1024,), (u, np.int32(1 << 20)))  # expect: WP112
spent = time.clock() - start  # expect: WP102
print("raw kernel", spent)

start = time.clock()
shift(u)  # expect: WP112
print("shift kernel", time.clock() - start)
