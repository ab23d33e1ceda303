"""Near miss of scale_lazy_bad.py: the kernel's module (kernels_eager.py) gives it its signature, so Numba compiles
it, creating the CUDA context, when the module is imported: the timed stream and copies are not the program's first
GPU use and the launch compiles nothing (crossmod: a project module's import-time work, the form of set 174)."""
import time

import numpy as np
from numba import cuda

from kernels_eager import scale


if __name__ == "__main__":
    a = np.random.rand(1 << 20).astype(np.float32)
    t0 = time.perf_counter()
    stream = cuda.stream()
    with stream.auto_synchronize():
        d_a = cuda.to_device(a, stream)
        d_o = cuda.device_array_like(d_a, stream)
        scale[4096, 256, stream](d_a, d_o)
        d_o.copy_to_host(stream=stream)
    print("gpu s:", time.perf_counter() - t0)
