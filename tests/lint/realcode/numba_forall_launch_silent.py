"""A Numba kernel compiled by an earlier launch in either spelling (`kernel.forall(n)(...)` or
`kernel[grid, block](...)`) is warm when the other spelling, or the same one, is timed later."""
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


host = np.arange(1 << 16, dtype=np.float32)
d_in = cuda.to_device(host)
d_out = cuda.device_array_like(d_in)
blocks = (host.size + 127) // 128

halve.forall(host.size)(d_in, d_out)  # compiles `halve`
cuda.synchronize()
t0 = time.perf_counter()
halve[blocks, 128](d_in, d_out)
cuda.synchronize()
print("halve", time.perf_counter() - t0)

offset[blocks, 128](d_in, d_out)  # compiles `offset`
cuda.synchronize()
t1 = time.perf_counter()
offset.forall(host.size)(d_in, d_out)
cuda.synchronize()
print("offset", time.perf_counter() - t1)
t2 = time.perf_counter()
halve.forall(host.size)(d_in, d_out)
cuda.synchronize()
print("halve again", time.perf_counter() - t2)
