"""Near miss of scale_lazy_bad.py for WP112 and WP103: the time-stepping loop launches `kern.update`, a kernel its
project module gives a signature by keyword (`@cuda.jit(func_or_sig=void(...))`), reached through the module
(`import kernels_eager_keyword as kern`). Numba compiles it when the module is imported and binds it to the context
then, after a first device copy made the context: the timed launches compile and load nothing, and the loop ends
with a synchronize. Silent (set 203, OIDT's fdtd_main.py)."""
import time

import numpy as np
from numba import cuda

import kernels_eager_keyword as kern


if __name__ == "__main__":
    a = np.random.rand(1 << 20).astype(np.float32)
    d_a = cuda.to_device(a)
    d_o = cuda.device_array_like(d_a)
    cuda.synchronize()
    t0 = time.perf_counter()
    for step in range(1000):
        kern.update[4096, 256](d_a, d_o)
    cuda.synchronize()
    print("s per step:", (time.perf_counter() - t0) / 1000)
