"""A first call and a second call of the same op under the same backend, printed as "first" and "steady": a
deliberate cold-vs-warm pair (weak evidence only); and each backend warmed up before its timing: silent (lint82)."""
import time

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

q = torch.randn(1, 8, 1024, 64, device="cuda", dtype=torch.bfloat16)

with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = F.scaled_dot_product_attention(q, q, q)
    torch.cuda.synchronize()
    first_ms = (time.perf_counter() - t0) * 1e3

with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = F.scaled_dot_product_attention(q, q, q)
    torch.cuda.synchronize()
    steady_ms = (time.perf_counter() - t0) * 1e3

print(f"first {first_ms:.2f} ms, steady {steady_ms:.2f} ms")


def timed(backend):
    with sdpa_kernel(backend):
        for _ in range(3):
            F.scaled_dot_product_attention(q, q, q)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        F.scaled_dot_product_attention(q, q, q)
        torch.cuda.synchronize()
        return (time.perf_counter() - t0) * 1e3


print(timed(SDPBackend.FLASH_ATTENTION), timed(SDPBackend.MATH))
