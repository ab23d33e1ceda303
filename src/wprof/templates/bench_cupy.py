"""wprof benchmark template: a raw CUDA kernel through CuPy (RawKernel).  Run:  python this.py

The kernel is launched on torch's current stream (wprof's events and graph capture live there); inputs are torch
tensors passed to CuPy without a copy.
"""

import cupy
import torch

import wprof
from wprof.benchmark.adapters import cupy_kernel

SAXPY = cupy.RawKernel(r"""
extern "C" __global__ void saxpy(const float a, const float* x, const float* y, float* out, const int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) out[i] = a * x[i] + y[i];
}
""", "saxpy")


def make(n: int = 1 << 24, threads: int = 256):
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    args = (cupy.float32(2.0), x.data_ptr(), y.data_ptr(), out.data_ptr(), cupy.int32(n))
    fn = cupy_kernel(SAXPY, ((n + threads - 1) // threads,), (threads,), args)
    fn.keep = (x, y, out)  # keep the tensors alive as long as the callable
    return fn


if __name__ == "__main__":
    r = wprof.bench(make(), name="cupy-saxpy")
    print(f"median {r.median_ms * 1e3:.2f} us ({r.mode}, cache {r.extra['cache']['policy']})")
