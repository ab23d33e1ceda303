"""Waits that only a fact about the library shows (lint34): each host interval below ends after a call that returns
only once the device work before it is done, so the clock covers the work (silent).
- PyCUDA: a kernel handed `drv.Out(...)` synchronizes the context, then copies the output back;
- cuda-python: a synchronous `cudaMemcpy` to the host returns once the data is there;
- CuPy's test asserts compare the device array on the host;
- an explicit `.to("cpu", non_blocking=False)` is a blocking copy back, as `.cpu()` is;
- `wandb.log` turns a tensor into a host number; `"%.4f" % loss` formats the value on the host."""
import time

import cupy as cp
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import torch
import wandb
from cuda import cudart
from pycuda.compiler import SourceModule

mod = SourceModule("__global__ void twice(float *o, float *i) { int k = threadIdx.x; o[k] = 2 * i[k]; }")
twice = mod.get_function("twice")
src = np.random.randn(256).astype(np.float32)
dst = np.empty_like(src)
twice(drv.Out(dst), drv.In(src), block=(256, 1, 1), grid=(1, 1))
t0 = time.perf_counter()
twice(drv.Out(dst), drv.In(src), block=(256, 1, 1), grid=(1, 1))
print("pycuda round trip", time.perf_counter() - t0)

host = np.zeros(1 << 20, dtype=np.float32)
_, dev = cudart.cudaMalloc(host.nbytes)
arr = cp.ones(1 << 20, dtype=cp.float32)
arr *= 3
cudart.cudaMemcpy(host.ctypes.data, arr.data.ptr, host.nbytes, cudart.cudaMemcpyKind.cudaMemcpyDeviceToHost)
t0 = time.perf_counter()
arr *= 3
cudart.cudaMemcpy(host.ctypes.data, arr.data.ptr, host.nbytes, cudart.cudaMemcpyKind.cudaMemcpyDeviceToHost)
print("scale and copy back", time.perf_counter() - t0)

a = cp.random.rand(1024, 1024, dtype=cp.float32)
expected = cp.asnumpy(a) @ cp.asnumpy(a)
a @ a
t0 = time.perf_counter()
prod = a @ a
cp.testing.assert_allclose(prod, expected, rtol=1e-3)
print("matmul and check", time.perf_counter() - t0)

net = torch.nn.Linear(256, 256).cuda()
x = torch.randn(32, 256, device="cuda")
net(x)
t0 = time.perf_counter()
y = net(x).to("cpu", non_blocking=False)
print("forward to host", time.perf_counter() - t0)

opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step in range(50):
    t0 = time.perf_counter()
    loss = net(x).square().mean()
    loss.backward()
    opt.step()
    wandb.log({"loss": loss})
    print("step", time.perf_counter() - t0)

for step in range(50):
    t0 = time.perf_counter()
    loss = net(x).square().mean()
    loss.backward()
    line = "loss %.4f" % loss
    print(line, time.perf_counter() - t0)
