"""A PyCUDA script that records one event at its top and prints the whole run as "Total time" at its end, with
finer event windows for the copy and the kernel inside: the module's compilation and the allocations are part of
the total it names on purpose (near miss: `event_total_window_setup_bad.py`, where the compile sits in the kernel's
window)."""
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

run_start = drv.Event()
run_start.record()
run_end = drv.Event()
t0, t1 = drv.Event(), drv.Event()

n = np.int32(1 << 20)
x = np.ones(n, dtype=np.float32)
x_dev = drv.mem_alloc(x.nbytes)

t0.record()
drv.memcpy_htod(x_dev, x)
t1.record()
t1.synchronize()
print("copy in:", t0.time_till(t1), "ms")

mod = SourceModule("""
__global__ void twice(int n, float *x) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}
""")
twice = mod.get_function("twice")
twice(n, x_dev, block=(256, 1, 1), grid=(4096, 1))
drv.Context.synchronize()

t0.record()
twice(n, x_dev, block=(256, 1, 1), grid=(4096, 1))
t1.record()
t1.synchronize()
print("kernel:", t0.time_till(t1), "ms")

drv.memcpy_dtoh(x, x_dev)
run_end.record()
run_end.synchronize()
print("Total time:", run_start.time_till(run_end), "ms")
