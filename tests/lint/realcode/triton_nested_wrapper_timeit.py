"""Set 17 class: `timeit` over a function that calls a plain wrapper launching a `@triton.jit` kernel, with no
synchronize: the first call compiles (WP112), and every call returns before its kernel runs, so the total is
launches (WP102 too; a warmup would not fix it). A wrapper that synchronizes after the launch is not reported by
WP102."""

import timeit

import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(in_ptr + offs, mask=offs < n) * 2, mask=offs < n)


def scale(x):
    y = torch.empty_like(x)
    scale_kernel[(triton.cdiv(x.numel(), 1024),)](y, x, x.numel(), BLOCK=1024)
    return y


def scale_synced(x):
    y = scale(x)
    torch.cuda.synchronize()
    return y


x = torch.randn(1 << 20, device="cuda")


def run_scale():
    return scale(x)


def run_scale_synced():
    return scale_synced(x)


print(timeit.timeit(run_scale, number=100))  # expect: WP102, WP112
run_scale_synced()
print(timeit.timeit(run_scale_synced, number=100))
