"""A project module with a Triton kernel and the wrapper the benchmarks call: one pass over its input, no loop."""
import torch
import triton
import triton.language as tl


@triton.jit
def _double(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, 2 * tl.load(x_ptr + offs, mask=mask), mask=mask)


def double(x):
    out = torch.empty_like(x)
    n = x.numel()
    _double[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
    return out
