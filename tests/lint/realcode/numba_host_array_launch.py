"""Numba CUDA: a `@cuda.jit` kernel launched with host NumPy arrays copies them to the device and back around the
launch, so the launch returns after the kernel (silent); `with stream.auto_synchronize():` waits for its stream at
the block's exit (silent). A launch on device arrays (`cuda.to_device`) read without a synchronize is reported.
WP104 reports each launch on host arrays inside a timed region (its copies are timed; default since lint75)."""

import time

import numpy as np
from numba import cuda


@cuda.jit
def scale(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 2.0 * src[i]


def host_arrays(n=1 << 20):
    src = np.ones(n, dtype=np.float32)
    dst = np.zeros_like(src)
    scale[n // 256, 256](src, dst)  # compile and load first
    t0 = time.perf_counter()
    scale[n // 256, 256](src, dst)  # expect: WP104
    return time.perf_counter() - t0


def stream_block(n=1 << 20):
    src = np.ones(n, dtype=np.float32)
    s = cuda.stream()
    d_src = cuda.to_device(src, stream=s)
    d_dst = cuda.device_array_like(d_src, stream=s)
    scale[n // 256, 256, s](d_src, d_dst)
    s.synchronize()
    t0 = time.perf_counter()
    with s.auto_synchronize():
        d_src = cuda.to_device(src, stream=s)
        scale[n // 256, 256, s](d_src, d_dst)
    return time.perf_counter() - t0


def device_arrays(n=1 << 20):
    d_src = cuda.to_device(np.ones(n, dtype=np.float32))
    d_dst = cuda.device_array_like(d_src)
    scale[n // 256, 256](d_src, d_dst)
    cuda.synchronize()
    t0 = time.perf_counter()
    scale[n // 256, 256](d_src, d_dst)
    return time.perf_counter() - t0  # expect: WP102
