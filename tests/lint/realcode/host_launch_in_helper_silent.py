"""Near misses of a host-array launch one call deep (WP104 stays silent): the helper launches on device arrays
made before the timed loop, and a helper that launches on host arrays is called only outside the timed region."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def saxpy_kernel(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def saxpy_dev(a, dx, dy, dout):
    saxpy_kernel[(dx.size + 255) // 256, 256](a, dx, dy, dout)


def saxpy_check(a, x, y):
    out = np.zeros_like(x)
    saxpy_kernel[(x.size + 255) // 256, 256](a, x, y, out)
    return out


n = 1 << 22
x = np.random.rand(n).astype(np.float32)
y = np.random.rand(n).astype(np.float32)
dx, dy = cuda.to_device(x), cuda.to_device(y)
dout = cuda.device_array_like(dx)
print("max error", np.abs(saxpy_check(2.0, x, y) - (2.0 * x + y)).max())
saxpy_dev(2.0, dx, dy, dout)
cuda.synchronize()
times = []
for _ in range(20):
    t0 = time.perf_counter()
    saxpy_dev(2.0, dx, dy, dout)
    cuda.synchronize()  # expect: WP101
    times.append(time.perf_counter() - t0)
print("saxpy median", sorted(times)[10], "max", max(times))
