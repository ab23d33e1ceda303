"""Set 15 class: GPU work through libraries other than torch. CuPy arithmetic on arrays made by `cp.array`,
`cp.asarray`, `cp.random`, `cp.zeros` launches kernels asynchronously, as a PyCUDA kernel from
`SourceModule(...).get_function(...)` launched with `grid=`/`block=` does: a host clock around them needs
`cp.cuda.Device().synchronize()` / `pycuda.driver.Context.synchronize()` (or a copy back) before its end read. An
`nn.Module` of the file whose `forward` launches an imported Triton kernel compiles it on its first call (WP112).
NumPy arithmetic is host work (silent)."""
import time

import cupy as cp
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import torch
from pycuda.compiler import SourceModule

from kernels.fused import fused_gelu_kernel

host_a = np.random.rand(1 << 22).astype(np.float32)
host_b = np.random.rand(1 << 22).astype(np.float32)

t0 = time.perf_counter()
host_c = host_a * host_b + 1.0
print("numpy", time.perf_counter() - t0)

dev_a = cp.asarray(host_a)
dev_b = cp.random.rand(1 << 22, dtype=cp.float32)
dev_a * dev_b + 1.0
cp.cuda.Device().synchronize()

t0 = time.perf_counter()
dev_c = dev_a * dev_b + 1.0
print("cupy", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
dev_c = dev_a * dev_b + 1.0
cp.cuda.Device().synchronize()
print("cupy, synchronized", time.perf_counter() - t0)

t0 = time.perf_counter()
back = cp.asnumpy(dev_a - dev_b)  # expect: WP103 (the first `-` of the script: its kernel is built here)
print("cupy, copied back", time.perf_counter() - t0)

SRC = """
__global__ void scale(float *out, const float *inp, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * inp[i];
}
"""
scale = SourceModule(SRC).get_function("scale")
inp_gpu = drv.mem_alloc(host_a.nbytes)
out_gpu = drv.mem_alloc(host_a.nbytes)
drv.memcpy_htod(inp_gpu, host_a)
scale(out_gpu, inp_gpu, np.int32(host_a.size), grid=(4096, 1, 1), block=(1024, 1, 1))
drv.Context.synchronize()

t0 = time.perf_counter()
scale(out_gpu, inp_gpu, np.int32(host_a.size), grid=(4096, 1, 1), block=(1024, 1, 1))
print("pycuda", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
scale(out_gpu, inp_gpu, np.int32(host_a.size), grid=(4096, 1, 1), block=(1024, 1, 1))
drv.Context.synchronize()
print("pycuda, synchronized", time.perf_counter() - t0)


class FusedGelu(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        fused_gelu_kernel[(x.numel() // 1024,)](x, out, x.numel(), BLOCK=1024)
        return out


act = FusedGelu().cuda()
feats = torch.randn(4096, 4096, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(10):
    act(feats)  # expect: WP112
torch.cuda.synchronize()
print("fused gelu", (time.perf_counter() - t0) / 10)
