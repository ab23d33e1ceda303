"""A harness told to take one sample (`n_repeat=1` literally or through a name bound only to 1,
`timeit.repeat(..., repeat=1)`): its array holds one value, so the "mean" of it is that value, no spread hidden."""
import timeit

import cupy as cp
import numpy as np
from cupyx.profiler import benchmark

grid = cp.linspace(0.0, 1.0, 1 << 18)
ONCE = 1


def smooth(a):
    return cp.tanh(a) * 0.5


single = benchmark(smooth, (grid,), n_repeat=1)
print("smooth:", np.average(single.gpu_times))
print(benchmark(cp.cumsum, (grid,), (), ONCE).gpu_times.mean())
smooth(grid)  # warm-up
one = timeit.repeat("smooth(grid); cp.cuda.Device().synchronize()", repeat=1, number=20, globals=globals())
print(sum(one) / len(one) / 20)
