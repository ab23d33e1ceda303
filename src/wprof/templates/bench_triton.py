"""wprof benchmark template: a Triton kernel.  Run:  python this.py   or   wprof bench this.py:make

The first call (JIT compilation, autotuning) is bench's untimed first call; the launch goes to torch's current
stream, where wprof records its events.
"""

import torch
import triton
import triton.language as tl

import wprof
from wprof.benchmark.adapters import triton_kernel


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


def make(n: int = 1 << 24, block: int = 1024):
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    return triton_kernel(add_kernel, (triton.cdiv(n, block),), x, y, out, n, BLOCK=block)


if __name__ == "__main__":
    n = 1 << 24
    r = wprof.bench(make(n), name="triton-add")
    print(f"median {r.median_ms * 1e3:.2f} us, {3 * 4 * n / (r.median_ms * 1e-3) / 1e12:.2f} TB/s ({r.mode})")
