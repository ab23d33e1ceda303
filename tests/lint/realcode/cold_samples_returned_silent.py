"""Near misses of cold_samples_returned_bad.py: the caller leaves the first sample out, reports the median, or the
kernel ran once before the helper: the cold first run is not averaged in."""

import time

import numpy as np
from numba import cuda


@cuda.jit
def scale(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = 3.0 * x[i]


def time_scale(d_x, d_out, reps):
    laps = []
    for _ in range(reps):
        t0 = time.perf_counter()
        scale[256, 256](d_x, d_out)
        cuda.synchronize()  # expect: WP101
        laps.append(time.perf_counter() - t0)
    return laps


host = np.ones(1 << 16, dtype=np.float32)
d_x, d_out = cuda.to_device(host), cuda.device_array_like(host)
laps = time_scale(d_x, d_out, 10)
print("scale: %.6f s (first run left out)" % np.mean(laps[1:]))
again = time_scale(d_x, d_out, 10)
print("median:", np.median(again))
