"""wprof benchmark template: a CuTe DSL kernel (CUTLASS Python DSL), compiled with cute.compile before timing.

Run:  python this.py   (needs: pip install nvidia-cutlass-dsl)
Compilation happens once, outside timing; the compiled function gets torch's current stream at each call
(TORCH_STREAM), so wprof's events and graph capture see the launch.
"""

import cuda.bindings.driver as cuda
import cutlass
import cutlass.cute as cute
import torch
from cutlass.cute.runtime import from_dlpack

import wprof
from wprof.benchmark.adapters import TORCH_STREAM, cute_kernel


@cute.kernel
def add_kernel(gA: cute.Tensor, gB: cute.Tensor, gC: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    bdim, _, _ = cute.arch.block_dim()
    i = bidx * bdim + tidx
    if i < cute.size(gA):
        gC[i] = gA[i] + gB[i]


@cute.jit
def add(mA: cute.Tensor, mB: cute.Tensor, mC: cute.Tensor, stream: cuda.CUstream):
    threads = 256
    add_kernel(mA, mB, mC).launch(grid=((cute.size(mA) + threads - 1) // threads, 1, 1), block=(threads, 1, 1),
                                  stream=stream)


def make(n: int = 1 << 24):
    a, b, c = (torch.randn(n, device="cuda") for _ in range(3))
    ta, tb, tc = (from_dlpack(t, assumed_align=16) for t in (a, b, c))
    stream = cuda.CUstream(torch.cuda.current_stream().cuda_stream)
    compiled = cute.compile(add, ta, tb, tc, stream)  # compile excluded from timing
    fn = cute_kernel(compiled, ta, tb, tc, TORCH_STREAM)
    fn.keep = (a, b, c)
    return fn


if __name__ == "__main__":
    r = wprof.bench(make(), name="cute-add")
    print(f"median {r.median_ms * 1e3:.2f} us ({r.mode}); cutlass {getattr(cutlass, '__version__', '?')}")
