"""The same attention op timed once under one backend, then once under another (`with sdpa_kernel(...)` of other
backends): not a cold-vs-warm pair of one kernel but two variants, the first timed on its cold first call (lint82)."""
import time

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

q = torch.randn(1, 8, 1024, 64, device="cuda", dtype=torch.bfloat16)

with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = F.scaled_dot_product_attention(q, q, q)  # expect: WP103
    torch.cuda.synchronize()
    flash_ms = (time.perf_counter() - t0) * 1e3

with sdpa_kernel(SDPBackend.MATH):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = F.scaled_dot_product_attention(q, q, q)
    torch.cuda.synchronize()
    math_ms = (time.perf_counter() - t0) * 1e3

print(f"flash {flash_ms:.2f} ms, math {math_ms:.2f} ms, speedup {math_ms / flash_ms:.2f}x")
