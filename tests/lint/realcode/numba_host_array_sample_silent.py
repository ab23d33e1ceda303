"""Set 36 class: each host-timed sample launches a Numba kernel on host NumPy arrays, which Numba copies to the
device before the launch and back after it (tens of ms for 4096 x 4096 doubles): the samples are long, so the
synchronize that ends each one is not a round trip dominating a µs-scale op (silent). The bad variant launches on
device arrays.
WP104 reports each launch on host arrays inside a timed region (its copies are timed; default since lint75)."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def smooth(src, dst):
    i, j = cuda.grid(2)
    if 0 < i < src.shape[0] - 1 and 0 < j < src.shape[1] - 1:
        dst[i, j] = 0.5 * src[i, j] + 0.125 * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])


grid = np.random.rand(4096, 4096)
out = np.zeros_like(grid)
smooth[(256, 256), (16, 16)](grid, out)
samples = np.empty(30)
for k in range(30):
    t0 = time.perf_counter()
    smooth[(256, 256), (16, 16)](grid, out)  # expect: WP104
    cuda.synchronize()
    samples[k] = time.perf_counter() - t0
print("median", np.median(samples))
