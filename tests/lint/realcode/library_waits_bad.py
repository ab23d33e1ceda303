"""The near misses of library_waits_silent.py (lint34): calls of the same libraries that do not wait, so the host
clock reads the launch (WP102):
- PyCUDA on a stream: `drv.Out` copies back asynchronously after the launch;
- a device-to-device `cudaMemcpy` does not block the host;
- NumPy's assert on host arrays reads nothing of the device;
- `.to("cpu", non_blocking=True)` returns before the copy;
- wandb handed the step number, and "%" formatting of a host count, read nothing of the device.
WP104 reports each launch on host arrays inside a timed region (its copies are timed; default since lint75)."""
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
dst = drv.pagelocked_empty_like(src)
stream = drv.Stream()
twice(drv.Out(dst), drv.In(src), block=(256, 1, 1), grid=(1, 1), stream=stream)
t0 = time.perf_counter()
twice(drv.Out(dst), drv.In(src), block=(256, 1, 1), grid=(1, 1), stream=stream)  # expect: WP104
print("pycuda queued", time.perf_counter() - t0)  # expect: WP102

arr = cp.ones(1 << 20, dtype=cp.float32)
other = cp.empty_like(arr)
arr *= 3
cudart.cudaMemcpy(other.data.ptr, arr.data.ptr, arr.nbytes, cudart.cudaMemcpyKind.cudaMemcpyDeviceToDevice)
t0 = time.perf_counter()
arr *= 3
cudart.cudaMemcpy(other.data.ptr, arr.data.ptr, arr.nbytes, cudart.cudaMemcpyKind.cudaMemcpyDeviceToDevice)
print("scale and copy on device", time.perf_counter() - t0)  # expect: WP102

a = cp.random.rand(1024, 1024, dtype=cp.float32)
ref = np.ones(4)
a @ a
t0 = time.perf_counter()
prod = a @ a
np.testing.assert_allclose(ref, np.ones(4))
print("matmul", time.perf_counter() - t0)  # expect: WP102

net = torch.nn.Linear(256, 256).cuda()
x = torch.randn(32, 256, device="cuda")
net(x)
t0 = time.perf_counter()
y = net(x).to("cpu", non_blocking=True)
print("forward", time.perf_counter() - t0)  # expect: WP102

opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step in range(50):
    t0 = time.perf_counter()
    loss = net(x).square().mean()
    loss.backward()
    opt.step()
    wandb.log({"step": step})
    print("step", time.perf_counter() - t0)  # expect: WP102

done = 0
for step in range(50):
    t0 = time.perf_counter()
    loss = net(x).square().mean()
    loss.backward()
    done += 1
    line = "step %d" % done
    print(line, time.perf_counter() - t0)  # expect: WP102
