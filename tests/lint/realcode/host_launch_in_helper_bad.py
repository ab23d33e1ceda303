"""A kernel launched on a host array one call deep (WP104): the timed region calls a plain function of the file
that copies its inputs with `cuda.to_device` but hands the kernel a NumPy output array, so every launch allocates a
device copy of it and copies it back, timed with the kernel."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def saxpy_kernel(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def saxpy_gpu(a, x, y):
    dx = cuda.to_device(x)
    dy = cuda.to_device(y)
    out = np.empty_like(x)
    saxpy_kernel[(x.size + 255) // 256, 256](a, dx, dy, out)
    return out


n = 1 << 22
x = np.random.rand(n).astype(np.float32)
y = np.random.rand(n).astype(np.float32)
saxpy_gpu(2.0, x, y)
times = []
for _ in range(20):
    t0 = time.perf_counter()
    saxpy_gpu(2.0, x, y)  # expect: WP104
    cuda.synchronize()
    times.append(time.perf_counter() - t0)
print("saxpy median", sorted(times)[10], "max", max(times))
