"""Two kernels compared, with a CPU reference (WP104): each GPU measurement allocates and uploads its inputs beside
the kernel, so the kernel comparison is mostly `cuMemAlloc` and copies (the near miss,
`alloc_driver_cpu_vs_gpu_silent.py`, has one GPU measurement against the CPU: end-to-end, silent)."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray
from pycuda.compiler import SourceModule

mod = SourceModule("""
__global__ void mm(const float *a, const float *b, float *c, int n) {
    int r = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < n && col < n) { float s = 0; for (int k = 0; k < n; ++k) s += a[r * n + k] * b[k * n + col]; c[r * n + col] = s; }
}
""")
mm = mod.get_function("mm")
mm2 = mod.get_function("mm")
n = 1024
a = np.random.rand(n, n).astype(np.float32)
b = np.random.rand(n, n).astype(np.float32)
grid = ((n + 15) // 16, (n + 15) // 16, 1)
c_gpu = gpuarray.empty((n, n), np.float32)
mm(gpuarray.to_gpu(a), gpuarray.to_gpu(b), c_gpu, np.int32(n), block=(16, 16, 1), grid=grid)

start, end = drv.Event(), drv.Event()
start.record()
a_gpu = gpuarray.to_gpu(a)  # expect: WP104
b_gpu = gpuarray.to_gpu(b)
mm(a_gpu, b_gpu, c_gpu, np.int32(n), block=(16, 16, 1), grid=grid)
c = c_gpu.get()
end.record()
end.synchronize()
print("GPU: %.6f s" % (start.time_till(end) * 1e-3))

start.record()
a_gpu = gpuarray.to_gpu(a)  # expect: WP104
b_gpu = gpuarray.to_gpu(b)
mm2(a_gpu, b_gpu, c_gpu, np.int32(n), block=(32, 32, 1), grid=grid)
c = c_gpu.get()
end.record()
end.synchronize()
print("GPU 32x32 blocks: %.6f s" % (start.time_till(end) * 1e-3))

t0 = time.perf_counter()
c_cpu = a @ b
print("CPU: %.6f s" % (time.perf_counter() - t0))
