"""Near miss of scale_lazy_bad.py for WP112: the kernel's module (kernels_eager.py) gives it its signature, so Numba
compiles it when the module is imported and the timed launch compiles nothing (crossmod: the signature read in the
kernel's own module, the form of set 174). The eager compile at the import also creates the CUDA context (measured:
3 of 3 fresh processes on an H200, benchmarks/eager_jit_context.py), so the timed stream is not the program's first
GPU use, and its copies and one launch are on host arrays the region means to time end to end: silent (set 156's
reading, that the stream opens the context, is contradicted by the measurement)."""
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
