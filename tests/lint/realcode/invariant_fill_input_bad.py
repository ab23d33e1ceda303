"""A constant input filled anew in every timed iteration and handed to the work (WP104): the upstream gradient of a
backward kernel made with `torch.ones_like(out)` as an argument of each timed call, `out` computed once before the
loop, and a scale tensor made with `torch.full(...)` inside a loop timed as a whole. The tensor is the same each
time; its allocation and fill kernel are timed with the kernel."""
import time

import torch
from torch.utils.cpp_extension import load

ext = load(name="my_attn", sources=["my_attn.cu"])
q = torch.randn(4, 8, 2048, 64, device="cuda", dtype=torch.bfloat16)
k = torch.randn_like(q)
v = torch.randn_like(q)
out = ext.attn_fwd(q, k, v)
for _ in range(5):
    ext.attn_bwd(q, k, v, out)
torch.cuda.synchronize()

bwd_ms = []
for _ in range(50):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    s.record()
    dq, dk, dv = ext.attn_bwd(q, k, v, torch.ones_like(out))  # expect: WP104
    e.record()
    torch.cuda.synchronize()
    bwd_ms.append(s.elapsed_time(e))
print("bwd median", sorted(bwd_ms)[25], "p90", sorted(bwd_ms)[45])

x = torch.randn(8192, 8192, device="cuda")
torch.mul(x, 0.5)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(100):
    y = torch.mul(x, torch.full((8192, 1), 0.5, device="cuda"))  # expect: WP104
torch.cuda.synchronize()
print("scaled mul ms", (time.perf_counter() - t0) * 10)
