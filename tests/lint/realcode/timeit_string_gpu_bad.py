"""All of the GPU code lives in the string handed to ``timeit``: its ``import pycuda.autoinit`` makes the program a
GPU one, the ``SourceModule`` built inside the timed statement compiles in every run (WP112), and the statement's
``mem_alloc`` (PyCUDA keeps no pool) is timed beside the kernel it launches (WP104) (twenty-first session, jitfirst)."""

import timeit

code = '''  # expect: WP112, WP104
import numpy
import pycuda.autoinit
import pycuda.driver as drv
from pycuda.compiler import SourceModule

a = numpy.ones(16, dtype=numpy.float32)
a_gpu = drv.mem_alloc(a.nbytes)
drv.memcpy_htod(a_gpu, a)
mod = SourceModule("__global__ void twice(float *a) { a[threadIdx.x] *= 2; }")
func = mod.get_function("twice")
func(a_gpu, block=(16, 1, 1))
drv.memcpy_dtoh(a, a_gpu)
'''

print(timeit.timeit(code, number=100) / 100)  # (the finding points at the string)
