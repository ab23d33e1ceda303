"""A kernel that does nothing (libwaits), launched and synchronized in every iteration of a timed loop: there is
no work to measure, so the loop measures the launch and synchronize round trip on purpose: no WP101. A Numba kernel
whose body is `pass` (or a docstring, or a bare `return`), and a PyCUDA kernel whose CUDA body is `{}`."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule
from numba import cuda


@cuda.jit
def empty(a):
    pass


@cuda.jit
def noop(a):
    """Returns at once."""
    return


mod = SourceModule("""
__global__ void nothing(float *a) { /* no work */ }
""")
nothing = mod.get_function("nothing")

d = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
empty[4096, 256](d)
noop[4096, 256](d)
cuda.synchronize()

t0 = time.perf_counter()
for _ in range(1000):
    empty[4096, 256](d)
    cuda.synchronize()
print("empty launch latency (us)", (time.perf_counter() - t0) * 1e3)

t0 = time.perf_counter()
for _ in range(1000):
    noop[4096, 256](d)
    cuda.synchronize()
print("noop launch latency (us)", (time.perf_counter() - t0) * 1e3)

h = np.zeros(1 << 20, dtype=np.float32)
a = drv.to_device(h)
nothing(a, block=(256, 1, 1), grid=(4096, 1))
drv.Context.synchronize()
t0 = time.perf_counter()
for _ in range(1000):
    nothing(a, block=(256, 1, 1), grid=(4096, 1))
    drv.Context.synchronize()
print("pycuda launch latency (us)", (time.perf_counter() - t0) * 1e3)
