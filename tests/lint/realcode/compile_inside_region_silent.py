"""Near twins of `compile_inside_region_bad.py` (lint59), silent: the module compiled before the first event record
(only its launches are timed), a region whose number is labelled a compile time (measured on purpose), the same
build run again inside a region after it ran before (PyCUDA's cubin cache: nothing compiles), and a whole-program
clock ("brutto") meant to include the set-up."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

SRC = """
__global__ void scale(float *x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }
"""
t_program = time.time()
n = 1 << 20
a = np.random.rand(n).astype(np.float32)
a_dev = drv.mem_alloc(a.nbytes)
drv.memcpy_htod(a_dev, a)

mod = SourceModule(SRC)
scale = mod.get_function("scale")
scale(a_dev, np.int32(n), block=(256, 1, 1), grid=(n // 256, 1))
start, stop = drv.Event(), drv.Event()
start.record()
for _ in range(20):
    scale(a_dev, np.int32(n), block=(256, 1, 1), grid=(n // 256, 1))
stop.record()
stop.synchronize()
print("kernel ms", start.time_till(stop) / 20)

t0 = time.perf_counter()
mod2 = SourceModule(SRC.replace("2.0f", "3.0f"))
print("nvcc compile time", time.perf_counter() - t0)

start.record()
again = SourceModule(SRC)
again.get_function("scale")(a_dev, np.int32(n), block=(256, 1, 1), grid=(n // 256, 1))
stop.record()
stop.synchronize()
print("cached module + launch ms", start.time_till(stop))

mod3 = SourceModule(SRC.replace("2.0f", "4.0f"))
print("Time brutto:", time.time() - t_program)
