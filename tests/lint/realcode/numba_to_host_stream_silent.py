"""Old Numba's `d.to_host(stream)` (libwaits): the device array made by `cuda.to_device(h, stream=s)` is copied back
into `h`, an ordinary (pageable) NumPy array, and a copy from the device into pageable memory returns only once it
is done (the CUDA runtime's API synchronization behaviour), whatever the stream: the interval covers the kernels."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def scale(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 2.0 * a[i]


def run(n=1 << 20):
    s = cuda.stream()
    h = np.ones(n, dtype=np.float32)
    d = cuda.to_device(h, stream=s)
    scale[n // 256, 256, s](d)
    s.synchronize()
    t0 = time.perf_counter()
    for _ in range(10):
        scale[n // 256, 256, s](d)
    d.to_host(s)
    return time.perf_counter() - t0


print(run())
