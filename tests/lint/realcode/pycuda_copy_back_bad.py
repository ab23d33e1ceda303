"""Nearby PyCUDA timings that do not wait: an unpacked argument tuple with inputs only (`drv.In`), and a blocking
copy back made only after the host clock was read."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

module = SourceModule("__global__ void scale(float *o, const float *a) { o[threadIdx.x] = 2 * a[threadIdx.x]; }")
scale = module.get_function("scale")
host_in = np.ones(256, np.float32)
dev_out = drv.mem_alloc(host_in.nbytes)

inputs_only = (dev_out, drv.In(host_in))
scale(*inputs_only, block=(256, 1, 1), grid=(1, 1))  # warm-up
begin = time.perf_counter()
scale(*inputs_only, block=(256, 1, 1), grid=(1, 1))
print("inputs only", time.perf_counter() - begin)  # expect: WP102

dev_in = drv.to_device(host_in)
begin = time.perf_counter()
for _ in range(10):
    scale(dev_out, dev_in, block=(256, 1, 1), grid=(1, 1))
elapsed = time.perf_counter() - begin  # expect: WP102
result = drv.from_device_like(dev_out, host_in)
print("copied back too late", elapsed)
