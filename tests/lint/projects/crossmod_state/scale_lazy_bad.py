"""The kernel's module (kernels_lazy.py) gives it no signature: nothing touches the GPU before the timed block, so its
first call (the stream) creates the CUDA context there, and the launch compiles the kernel (crossmod)."""
import time

import numpy as np
from numba import cuda

from kernels_lazy import scale


if __name__ == "__main__":
    a = np.random.rand(1 << 20).astype(np.float32)
    t0 = time.perf_counter()
    stream = cuda.stream()  # expect: WP103
    with stream.auto_synchronize():
        d_a = cuda.to_device(a, stream)
        d_o = cuda.device_array_like(d_a, stream)
        scale[4096, 256, stream](d_a, d_o)  # expect: WP112
        d_o.copy_to_host(stream=stream)
    print("gpu s:", time.perf_counter() - t0)
