import time

import numpy as np
from numba import cuda


@cuda.jit
def copy_kernel(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i]


def main():
    a = np.arange(1_000_000, dtype=np.float32)
    d_warm = cuda.to_device(a)
    copy_kernel[1000, 1000](d_warm, d_warm)
    cuda.synchronize()
    for _ in range(10):
        start = time.time()
        d_a = cuda.to_device(a)
        d_out = cuda.device_array_like(a)
        copy_kernel[1000, 1000](d_a, d_out)
        print(f"copy and kernel: {(time.time() - start) * 1e3:.2f} ms")  # expect: WP102
    cuda.synchronize()
