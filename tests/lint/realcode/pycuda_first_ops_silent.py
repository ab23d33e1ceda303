"""Near miss of ``pycuda_first_ops_bad.py``: the same operator and the same ``ElementwiseKernel`` run once before
their timed runs, so their kernels are built and loaded before the clock starts."""
from time import perf_counter

import numpy as np
import pycuda.autoinit  # noqa: F401
from pycuda import gpuarray
from pycuda.elementwise import ElementwiseKernel

host = np.float32(np.random.random(1 << 24))
d = gpuarray.to_gpu(host)

d2 = d * np.float32(2)
pycuda.autoinit.context.synchronize()
t0 = perf_counter()
d2 = d * np.float32(2)
pycuda.autoinit.context.synchronize()
print("GPU multiply:", perf_counter() - t0)

twice = ElementwiseKernel("float *x, float *y", "y[i] = 2 * x[i];", "twice")
out = gpuarray.empty_like(d)
twice(d, out)
pycuda.autoinit.context.synchronize()
t0 = perf_counter()
twice(d, out)
pycuda.autoinit.context.synchronize()
print("GPU kernel:", perf_counter() - t0)
