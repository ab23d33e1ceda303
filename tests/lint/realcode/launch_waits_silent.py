"""Set 36 classes: a PyCUDA launch given `time_kernel=True` synchronizes the context before it returns, and old
Numba's `d_a.to_host()` is a blocking copy back into the host array: the host clock read after either one has
waited for the kernel (silent)."""
import timeit

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from numba import cuda
from pycuda.compiler import SourceModule

src = SourceModule("""
__global__ void axpy(unsigned n, float *x, float *y) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += 2.0f * x[i];
}
""")
axpy = src.get_function("axpy")
n = 1 << 22
x = drv.mem_alloc(4 * n)
y = drv.mem_alloc(4 * n)
axpy(np.uint32(n), x, y, block=(256, 1, 1), grid=(n // 256, 1))

begin = timeit.default_timer()
axpy(np.uint32(n), x, y, block=(256, 1, 1), grid=(n // 256, 1), time_kernel=True)
print("pycuda kernel:", timeit.default_timer() - begin)


@cuda.jit
def fill(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = i * 0.5


host = np.zeros(n, dtype=np.float32)
d_host = cuda.to_device(host)
fill[n // 256, 256](d_host)

begin = timeit.default_timer()
fill[n // 256, 256](d_host)
d_host.to_host()
print("numba kernel and copy back:", timeit.default_timer() - begin)
