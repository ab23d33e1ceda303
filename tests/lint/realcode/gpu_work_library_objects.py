"""Sixth session (set 27/29 classes): GPU work through objects built for the GPU and plain operators. A PyCUDA
`ElementwiseKernel` object called on device arrays launches asynchronously (reported without a synchronize); an
object the file does not define, handed tensors put on the GPU, runs on them (reported; a name bound to `<call>.cuda()` reads as a model as much as as data, and is not taken); `x + y` on tensors made
on the device a GPU-only runtime names (Triton's active device) is a kernel (reported). Work whose timing ends
with a synchronize is silent."""

import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import torch
import triton
from pycuda import gpuarray
from pycuda.elementwise import ElementwiseKernel
from tablelib import ShardedLookup, read_batch

triple = ElementwiseKernel("float *a, float *b", "b[i] = 3 * a[i];", "triple")
host = np.random.rand(1 << 20).astype(np.float32)
a_gpu = gpuarray.to_gpu(host)
b_gpu = gpuarray.empty_like(a_gpu)
triple(a_gpu, b_gpu)
drv.Context.synchronize()
t0 = time.time()
triple(a_gpu, b_gpu)
t1 = time.time()  # expect: WP102
print(t1 - t0)
t0 = time.time()
triple(a_gpu, b_gpu)
drv.Context.synchronize()
print(time.time() - t0)

lookup = ShardedLookup(tables=8, dim=64)
batch = read_batch("day0.bin")
lookup(batch.ids().cuda(), batch.offsets().cuda())
torch.cuda.synchronize()
start = time.time()
out = lookup(batch.ids().cuda(), batch.offsets().cuda())
print("lookup", time.time() - start)  # expect: WP102

DEVICE = triton.runtime.driver.active.get_active_torch_device()
x = torch.rand(1 << 24, device=DEVICE)
y = torch.rand(1 << 24, device=DEVICE)
z = x + y
z = x * y
torch.cuda.synchronize()
t0 = time.time()
z = x + y
t1 = time.time()  # expect: WP102
t2 = time.time()
z = x * y
torch.cuda.synchronize()
t3 = time.time()
print(t1 - t0, t3 - t2)
