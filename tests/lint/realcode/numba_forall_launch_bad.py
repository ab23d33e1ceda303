"""WP112 with Numba's `kernel.forall(n)(...)` launches: `forall` picks the launch configuration, the call after it
runs (and first compiles) `kernel`. Three shapes: the first launch of a kernel is a timed `forall`; a timed
`forall` inside a function the script calls; a timed `[grid, block]` launch of a kernel whose only earlier launch
was another kernel's `forall`."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def halve(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i] * 0.5


@cuda.jit
def offset(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i] + 3.0


@cuda.jit
def square(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i] * src[i]


host = np.arange(1 << 16, dtype=np.float32)
d_in = cuda.to_device(host)
d_out = cuda.device_array_like(d_in)

t0 = time.perf_counter()
halve.forall(host.size)(d_in, d_out)  # expect: WP112
cuda.synchronize()
print("halve", time.perf_counter() - t0)


def timed_offset():
    begin = time.perf_counter()
    offset.forall(host.size)(d_in, d_out)  # expect: WP112
    cuda.synchronize()
    return time.perf_counter() - begin


print("offset", timed_offset())
t1 = time.perf_counter()
square[(host.size + 127) // 128, 128](d_in, d_out)  # expect: WP112
cuda.synchronize()
print("square", time.perf_counter() - t1)
