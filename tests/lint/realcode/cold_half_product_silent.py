"""Near misses of a product timed cold on float16 operands, silent: the float16 product warmed before its timing
(as the float32 one was), and a product whose float16 operands the file also handed to it under another name of
unknown dtype (any earlier call may have run the half kernels)."""
import time

import torch


def fp32_vs_fp16(n):
    a = torch.randn(n, n, device="cuda")
    b = torch.randn(n, n, device="cuda")
    a16 = torch.randn(n, n, device="cuda", dtype=torch.float16)
    b16 = torch.randn(n, n, device="cuda", dtype=torch.float16)
    torch.mm(a, b)
    torch.mm(a16, b16)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    c = torch.mm(a, b)
    torch.cuda.synchronize()
    t32 = time.perf_counter() - t0
    t0 = time.perf_counter()
    c16 = torch.mm(a16, b16)
    torch.cuda.synchronize()
    t16 = time.perf_counter() - t0
    print(f"fp32 {t32:.4f} s, fp16 {t16:.4f} s", c.shape, c16.shape)


def any_dtype(x, y, n):
    torch.matmul(x, y)
    a16 = torch.randn(n, n, device="cuda", dtype=torch.float16)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    c16 = torch.matmul(a16, a16)
    torch.cuda.synchronize()
    print(f"fp16 {time.perf_counter() - t0:.4f} s", c16.shape)


if __name__ == "__main__":
    fp32_vs_fp16(4096)
    any_dtype(torch.ones(8, 8, device="cuda"), torch.ones(8, 8, device="cuda"), 4096)
