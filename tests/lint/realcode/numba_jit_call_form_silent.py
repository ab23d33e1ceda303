"""The call form of Numba's `jit` warmed up by a call before the timed block, and one given `cache=True` (read back
from disk, not compiled in the timed block): neither first timed call compiles (seventeenth session, WP112)."""

import time
from contextlib import contextmanager

import numpy as np
from numba import cuda, jit, prange


@contextmanager
def timer(label):
    t0 = time.perf_counter()
    yield
    print(label, time.perf_counter() - t0)


def smooth(a, out):
    for i in prange(1, a.shape[0] - 1):
        out[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0
    return out


smooth_par = jit(smooth, parallel=True)
smooth_cached = jit(smooth, parallel=True, cache=True)


@cuda.jit
def smooth_gpu(a, out):
    i = cuda.grid(1)
    if 0 < i < a.shape[0] - 1:
        out[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0


if __name__ == "__main__":
    a = np.random.rand(1 << 22)
    out = np.empty_like(a)
    smooth_par(a, out)  # compile
    with timer("CPU parallel"):
        smooth_par(a, out)
    with timer("CPU parallel, cached"):
        smooth_cached(a, out)
    d_a = cuda.to_device(a)
    d_out = cuda.device_array_like(d_a)
    smooth_gpu[4096, 1024](d_a, d_out)
    cuda.synchronize()
    with timer("GPU"):
        smooth_gpu[4096, 1024](d_a, d_out)
        cuda.synchronize()
