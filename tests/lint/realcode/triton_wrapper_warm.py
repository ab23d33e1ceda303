"""A Triton-launching helper of the file, warmed up and synchronized before the host clock's end read: silent (the
set-23 WP102 change on launch wrappers must not reach timed regions that wait for the kernel)."""
import time

import torch
import triton
import triton.language as tl


@triton.jit
def neg_kernel(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = offs < n
    tl.store(dst + offs, -tl.load(src + offs, mask=keep), mask=keep)


def negate(v):
    out = torch.empty_like(v)
    neg_kernel[(triton.cdiv(v.numel(), 256),)](v, out, v.numel(), BLOCK=256)
    return out


def bench(v, reps=50):
    for _ in range(3):
        negate(v)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        negate(v)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps
