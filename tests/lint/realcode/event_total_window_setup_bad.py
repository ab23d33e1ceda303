"""The kernel's event window holds the module's compilation: `SourceModule(...)` runs nvcc and loads the module
between the two records, so the "kernel" figure is mostly the compiler (WP112). The near miss
(`event_total_window_setup_silent.py`) compiles inside a window that names the whole run's total."""
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

t0, t1 = drv.Event(), drv.Event()
n = np.int32(1 << 20)
x = np.ones(n, dtype=np.float32)
x_dev = drv.mem_alloc(x.nbytes)
drv.memcpy_htod(x_dev, x)

KERNEL = """
__global__ void twice(int n, float *x) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}
"""

t0.record()
mod = SourceModule(KERNEL)  # expect: WP112
twice = mod.get_function("twice")
twice(n, x_dev, block=(256, 1, 1), grid=(4096, 1))
t1.record()
t1.synchronize()
print("kernel:", t0.time_till(t1), "ms")
