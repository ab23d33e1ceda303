"""WP104's kernel buffer filled inside the timed region (reported), and, silent, the same fill inside a total that
holds a narrower region timing the launch alone: the total is the end-to-end figure, meant to include it."""
import time

import torch
import triton
import triton.language as tl


@triton.jit
def flag_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) > 0, mask=mask)


def run(x):
    grid = (triton.cdiv(x.numel(), 1024),)
    flag_kernel[grid](x, torch.zeros_like(x), x.numel(), BLOCK=1024)
    torch.cuda.synchronize()

    t0 = time.time()
    out = torch.zeros_like(x)  # expect: WP104
    flag_kernel[grid](x, out, x.numel(), BLOCK=1024)
    torch.cuda.synchronize()
    kernel_only = time.time() - t0

    outer_start = time.time()
    out = torch.zeros_like(x)
    kernel_start = time.time()
    flag_kernel[grid](x, out, x.numel(), BLOCK=1024)
    torch.cuda.synchronize()
    kernel_time = time.time() - kernel_start
    run_s = time.time() - outer_start
    return kernel_only, kernel_time, run_s
