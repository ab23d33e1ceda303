"""Sets 50-53 (lint59): a compile construct executed between the readings. `SourceModule(...)` runs nvcc and loads
the module between the two event records (the end event is recorded only after the host compiled), and an extension
built with `load_inline` inside a synced host interval: the number is mostly compilation, WP112."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import torch
from pycuda.compiler import SourceModule
from torch.utils.cpp_extension import load_inline

SCALE = """
__global__ void scale(float *x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }
"""
TWICE = "torch::Tensor twice(torch::Tensor x) { return x * 2; }"
n = 1 << 20
a = np.random.rand(n).astype(np.float32)
a_dev = drv.mem_alloc(a.nbytes)
drv.memcpy_htod(a_dev, a)

start, stop = drv.Event(), drv.Event()
start.record()
mod = SourceModule(SCALE)  # expect: WP112
scale = mod.get_function("scale")
scale(a_dev, np.int32(n), block=(256, 1, 1), grid=(n // 256, 1))
stop.record()
stop.synchronize()
print("kernel ms", start.time_till(stop))

x = torch.randn(n, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
ext = load_inline("ext", cpp_sources=TWICE, functions=["twice"])  # expect: WP112
y = x * 2
torch.cuda.synchronize()
print("twice s", time.perf_counter() - t0)
