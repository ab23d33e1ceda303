"""Set 36 classes, the unsynchronized variants: a PyCUDA launch without `time_kernel=True` and a Numba launch
whose device array is not copied back return as soon as the kernel is queued (WP102)."""
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
axpy(np.uint32(n), x, y, block=(256, 1, 1), grid=(n // 256, 1))
print("pycuda launch:", timeit.default_timer() - begin)  # expect: WP102


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
print("numba launch:", timeit.default_timer() - begin)  # expect: WP102
