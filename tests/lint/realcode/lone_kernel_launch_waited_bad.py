"""Fifteenth session (lint93, set 80): a kernel built ahead (`SourceModule(src).get_function("k")`) launched once
in a region that waits for it (CUDA events, or a synchronize before the end reading), the region in no loop: the
one sample is the kernel's first launch (its function loads lazily, the launch path's one-off set-up), and it is
the whole figure. WP103 reports it; a launch read without a wait stays WP102's alone (built_ahead.py)."""

import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

src = """
__global__ void scale(float *y, float *a, int n) { int i = threadIdx.x; if (i < n) y[i] = 2.0f * a[i]; }
__global__ void shift(float *y, float *a, int n) { int i = threadIdx.x; if (i < n) y[i] = a[i] + 1.0f; }
"""
a = np.ones(256, dtype=np.float32)
a_gpu = cuda.mem_alloc(a.nbytes)
y_gpu = cuda.mem_alloc(a.nbytes)
cuda.memcpy_htod(a_gpu, a)
mod = SourceModule(src)
scale = mod.get_function("scale")
shift = mod.get_function("shift")


def event_timed():
    start = cuda.Event()
    end = cuda.Event()
    start.record()
    scale(y_gpu, a_gpu, np.int32(256), grid=(1, 1, 1), block=(256, 1, 1))  # expect: WP103
    end.record()
    end.synchronize()
    return start.time_till(end)


def synced():
    t0 = time.perf_counter()
    shift(y_gpu, a_gpu, np.int32(256), grid=(1, 1, 1), block=(256, 1, 1))  # expect: WP103
    cuda.Context.synchronize()
    return time.perf_counter() - t0


if __name__ == "__main__":
    print(event_timed())
    print(synced())
