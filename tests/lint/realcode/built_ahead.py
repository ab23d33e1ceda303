"""Set 15 borderline class: a PyCUDA kernel obtained with `SourceModule(src).get_function("k")` is compiled and
loaded when it is built, not on its first launch: its first timed launch is not a cold JIT call (WP103 silent).
The launch read without a synchronize is still a WP102."""

import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

src = "__global__ void scale(float *y, float *a, int n) { int i = threadIdx.x; if (i < n) y[i] = 2.0f * a[i]; }"
a = np.ones(256, dtype=np.float32)
a_gpu = cuda.mem_alloc(a.nbytes)
y_gpu = cuda.mem_alloc(a.nbytes)
cuda.memcpy_htod(a_gpu, a)
mod = SourceModule(src)
func = mod.get_function("scale")
start = time.time()
func(y_gpu, a_gpu, np.int32(256), grid=(1, 1, 1), block=(256, 1, 1))
cuda_time = time.time() - start  # expect: WP102
print(cuda_time)
