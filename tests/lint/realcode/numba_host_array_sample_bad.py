"""Set 36 class, the variant that is reported: the kernel is launched on device arrays, so each host-timed sample
is one short launch ended by a synchronize."""
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
d_grid = cuda.device_array((4096, 4096))
d_out = cuda.device_array((4096, 4096))
smooth[(256, 256), (16, 16)](d_grid, d_out)
samples = np.empty(30)
for k in range(30):
    t0 = time.perf_counter()
    smooth[(256, 256), (16, 16)](d_grid, d_out)
    cuda.synchronize()  # expect: WP101
    samples[k] = time.perf_counter() - t0
print("median", np.median(samples))
