"""Near miss of ``redefined_kernel_bad.py``: the redefined Numba kernel is launched once after its new ``def``,
before the timed launch; and a plain helper redefined (no compiling decorator) is no new compiled object."""

from timeit import default_timer as timer

import numpy as np
from numba import cuda

n = 1 << 20
a = cuda.to_device(np.random.rand(n))
b = cuda.to_device(np.random.rand(n))
out = cuda.device_array_like(a)


@cuda.jit
def add(x, y, o):
    i = cuda.grid(1)
    if i < o.shape[0]:
        o[i] = x[i] + y[i]


add[n // 256, 256](a, b, out)
cuda.synchronize()
t0 = timer()
add[n // 256, 256](a, b, out)
cuda.synchronize()
print("first version:", timer() - t0)


@cuda.jit
def add(x, y, o):
    i = cuda.grid(1)
    if i < o.shape[0]:
        o[i] = 2.0 * x[i] + y[i]


add[n // 256, 256](a, b, out)  # warm-up of the second version
cuda.synchronize()
t0 = timer()
add[n // 256, 256](a, b, out)
cuda.synchronize()
print("second version:", timer() - t0)
