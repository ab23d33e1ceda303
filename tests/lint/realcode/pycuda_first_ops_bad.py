"""PyCUDA builds its kernels on first use: a ``GPUArray`` operator (``d * np.float32(2)``) generates and compiles its
elementwise kernel the first time the program uses it, and an ``ElementwiseKernel`` compiles on its first call, not
where it is built. Each is timed here on that first use (twenty-first session, jitfirst, WP112)."""
from time import perf_counter

import numpy as np
import pycuda.autoinit  # noqa: F401
from pycuda import gpuarray
from pycuda.elementwise import ElementwiseKernel

host = np.float32(np.random.random(1 << 24))
d = gpuarray.to_gpu(host)

t0 = perf_counter()
d2 = d * np.float32(2)  # expect: WP112
pycuda.autoinit.context.synchronize()
print("GPU multiply:", perf_counter() - t0)

twice = ElementwiseKernel("float *x, float *y", "y[i] = 2 * x[i];", "twice")
out = gpuarray.empty_like(d)
t0 = perf_counter()
twice(d, out)  # expect: WP112
pycuda.autoinit.context.synchronize()
print("GPU kernel:", perf_counter() - t0)
