"""WP105 on a harness's per-sample arrays whose count is more than one: a mean of several samples hides their
spread. Three shapes: the count in a name bound to 5, the count left at the library's default, and
`timeit.repeat` with `repeat=7` averaged by hand."""
import timeit

import cupy as cp
import numpy as np
from cupyx.profiler import benchmark

grid = cp.linspace(0.0, 1.0, 1 << 18)
REPS = 5


def smooth(a):
    return cp.tanh(a) * 0.5


bench = benchmark(smooth, (grid,), n_repeat=REPS)
print("smooth:", np.average(bench.gpu_times))  # expect: WP105
print(benchmark(cp.cumsum, (grid,)).gpu_times.mean())  # expect: WP105
smooth(grid)  # warm-up
runs = timeit.repeat("smooth(grid); cp.cuda.Device().synchronize()", repeat=7, number=20, globals=globals())
print(sum(runs) / len(runs) / 20)  # expect: WP105
