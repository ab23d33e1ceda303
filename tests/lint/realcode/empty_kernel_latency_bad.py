"""Near twin of `empty_kernel_latency_silent.py` (libwaits): a kernel that does one element's worth of work per
thread is short, not empty: a synchronize in every iteration of its timed loop makes the loop count round trips
(WP101)."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def inc(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


d = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
inc[4096, 256](d)
cuda.synchronize()

t0 = time.perf_counter()
for _ in range(1000):
    inc[4096, 256](d)
    cuda.synchronize()  # expect: WP101
print("inc (us)", (time.perf_counter() - t0) * 1e3)
