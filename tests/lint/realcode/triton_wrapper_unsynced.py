"""A helper of the file that launches a Triton kernel and returns, timed with a host clock (set 23 miss): its first
call compiles (WP112) and it returns before the kernel runs, so the end read without a synchronize is WP102 too; with
a synchronize before the end read only WP112 remains."""
import time

import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(src, dst, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = offs < n
    tl.store(dst + offs, tl.load(src + offs, mask=keep) * alpha, mask=keep)


def scale(v, alpha):
    out = torch.empty_like(v)
    scale_kernel[(triton.cdiv(v.numel(), 512),)](v, out, v.numel(), alpha, BLOCK=512)
    return out


def shift(v, beta):
    out = torch.empty_like(v)
    scale_kernel[(triton.cdiv(v.numel(), 512),)](v, out, v.numel(), beta, BLOCK=512)
    return out


if __name__ == "__main__":
    v = torch.randn(4096, device="cuda")
    t0 = time.time()
    w = scale(v, 2.0)  # expect: WP112
    print("triton:", time.time() - t0)  # expect: WP102

    t1 = time.perf_counter()
    u = shift(v, 0.5)  # expect: WP112
    torch.cuda.synchronize()
    print("synced:", time.perf_counter() - t1)
