"""Near miss of host_copy_helper_silent: the helper hands back the device array itself (no copy to the host, no
synchronize), and the caller compares it on the GPU: the kernel is still running when the clock is read."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def _scale_kernel(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = 2.0 * a[i]


def scale_gpu(d_a):
    d_out = cuda.device_array_like(d_a)
    _scale_kernel[(d_a.size + 255) // 256, 256](d_a, d_out)
    return d_out


if __name__ == "__main__":
    d_x = cuda.to_device(np.random.rand(1 << 20).astype(np.float32))
    scale_gpu(d_x)  # warm-up: compiles the kernel
    t0 = time.perf_counter()
    d_y = scale_gpu(d_x)
    print(f"{time.perf_counter() - t0:.4f} s")  # expect: WP102
