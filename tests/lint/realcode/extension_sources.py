"""Set 24 class: a compiled extension's call timed with a host clock and no synchronize. Whether it returns before
its kernel is done is decided in its C++/CUDA entry: visible sources decide it (`load_inline` strings ending in
`cudaDeviceSynchronize()`: silent; without one: reported); an extension whose sources are not visible is opaque
(weak), unless the file synchronizes right after the same extension elsewhere (its author treats it as async)."""

import time

import torch
from torch.utils.cpp_extension import load_inline

import blur_cuda
import scan_cuda

SYNCED_SRC = """
torch::Tensor scale(torch::Tensor x) {
    auto y = x * 2;
    cudaDeviceSynchronize();
    return y;
}
"""
ASYNC_SRC = """
torch::Tensor shift(torch::Tensor x) { return x + 1; }
"""
synced_ext = load_inline(name="synced_ext", cpp_sources="torch::Tensor scale(torch::Tensor x);",
                         cuda_sources=SYNCED_SRC, functions=["scale"])
async_ext = load_inline(name="async_ext", cpp_sources="torch::Tensor shift(torch::Tensor x);",
                        cuda_sources=ASYNC_SRC, functions=["shift"])

img = torch.rand(4096, 4096, device="cuda")
blur_cuda.forward(img)
synced_ext.scale(img)
async_ext.shift(img)

t0 = time.time()
out = blur_cuda.forward(img)
print("blur", time.time() - t0)  # expect-extra: WP102

t0 = time.time()
out = synced_ext.scale(img)
print("scale", time.time() - t0)

t0 = time.time()
out = async_ext.shift(img)
print("shift", time.time() - t0)  # expect: WP102

scan_cuda.inclusive(img)
torch.cuda.synchronize()
t0 = time.time()
out = scan_cuda.inclusive(img)
print("scan", time.time() - t0)  # expect: WP102
for _ in range(3):
    scan_cuda.inclusive(img)
    torch.cuda.synchronize()
