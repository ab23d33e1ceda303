"""Near twin of `numba_to_host_stream_silent.py` (libwaits): copied back into page-locked memory
(`cuda.pinned_array`, or the block of `with cuda.pinned(h):`), `d.to_host(stream)` is only queued on the stream and
returns at once: the end read measures the launches, not the work."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def scale(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 2.0 * a[i]


def pinned_array(n=1 << 20):
    s = cuda.stream()
    h = cuda.pinned_array(n, dtype=np.float32)
    d = cuda.to_device(h, stream=s)
    scale[n // 256, 256, s](d)
    s.synchronize()
    t0 = time.perf_counter()
    for _ in range(10):
        scale[n // 256, 256, s](d)
    d.to_host(s)
    return time.perf_counter() - t0  # expect: WP102


def pinned_block(n=1 << 20):
    s = cuda.stream()
    h = np.ones(n, dtype=np.float32)
    with cuda.pinned(h):
        d = cuda.to_device(h, stream=s)
        scale[n // 256, 256, s](d)
        s.synchronize()
        t0 = time.perf_counter()
        for _ in range(10):
            scale[n // 256, 256, s](d)
        d.to_host(stream=s)
        dt = time.perf_counter() - t0  # expect: WP102
    return dt


print(pinned_array(), pinned_block())
