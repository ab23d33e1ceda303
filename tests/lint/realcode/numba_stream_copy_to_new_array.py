"""Numba streams: each stream's result copied back with `copy_to_host(stream=s)` into a new array, which Numba
allocates in pageable memory, so the copy returns when it is done (after the stream's kernel): the interval covers
the work (silent). Copying into pinned arrays made beforehand (`copy_to_host(out, stream=s)`) is asynchronous and
the end read is reported."""

from time import perf_counter

import numpy as np
from numba import cuda


@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2.0


N = 4
host = [np.ones(1 << 20, dtype=np.float32) for _ in range(N)]
streams = [cuda.stream() for _ in range(N)]
warm = cuda.to_device(host[0])
double[4096, 256](warm)
cuda.synchronize()

dev, out = [], []
t0 = perf_counter()
for k in range(N):
    dev.append(cuda.to_device(host[k], stream=streams[k]))
for k in range(N):
    double[4096, 256, streams[k]](dev[k])
for k in range(N):
    out.append(dev[k].copy_to_host(stream=streams[k]))
t1 = perf_counter()
print("pageable", t1 - t0)

pinned = [cuda.pinned_array(h.shape, dtype=h.dtype) for h in host]
t0 = perf_counter()
for k in range(N):
    dev[k] = cuda.to_device(host[k], stream=streams[k])
for k in range(N):
    double[4096, 256, streams[k]](dev[k])
for k in range(N):
    dev[k].copy_to_host(pinned[k], stream=streams[k])
t1 = perf_counter()  # expect: WP102
print("pinned", t1 - t0)
