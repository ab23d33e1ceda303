"""PyCUDA copies that wait: a launch handed `drv.Out`/`drv.InOut` through an unpacked argument tuple
synchronizes the context and copies back before it returns; `drv.from_device_like` and `drv.from_device` are
blocking device-to-host copies. A host clock read after them is synchronized."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

module = SourceModule("__global__ void scale(float *o, const float *a) { o[threadIdx.x] = 2 * a[threadIdx.x]; }")
scale = module.get_function("scale")
host_in = np.ones(256, np.float32)
host_out = np.empty_like(host_in)

launch_args = (drv.Out(host_out), drv.In(host_in))
scale(*launch_args, block=(256, 1, 1), grid=(1, 1))  # warm-up
begin = time.perf_counter()
scale(*launch_args, block=(256, 1, 1), grid=(1, 1))
print("unpacked tuple", time.perf_counter() - begin)

dev_in = drv.to_device(host_in)
dev_out = drv.mem_alloc(host_in.nbytes)
begin = time.perf_counter()
for _ in range(10):
    scale(dev_out, dev_in, block=(256, 1, 1), grid=(1, 1))
result = drv.from_device_like(dev_out, host_in)
print("copied back like", time.perf_counter() - begin)

begin = time.perf_counter()
for _ in range(10):
    scale(dev_out, dev_in, block=(256, 1, 1), grid=(1, 1))
result = drv.from_device(dev_out, host_in.shape, host_in.dtype)
print("copied back", time.perf_counter() - begin)
