"""WP103 precision (ninth session, lint43): a cold first call measured on purpose, said in the label of its reading
(printed, logged or stored): "Cold start latency", a `"cold"` result key, "first inference took", "startup
overhead". The number is what it says it is."""
import logging
import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
model(x)
torch.cuda.synchronize()
print("Cold start latency:", time.perf_counter() - t0)

conv = torch.nn.Conv2d(3, 16, 3).cuda()
img = torch.randn(4, 3, 64, 64, device="cuda")
results = {}
torch.cuda.synchronize()
start = time.perf_counter()
conv(img)
torch.cuda.synchronize()
results["cold"] = time.perf_counter() - start
print(results)

norm = torch.nn.LayerNorm(1024).cuda()
torch.cuda.synchronize()
begin = time.time()
norm(x)
torch.cuda.synchronize()
dt = time.time() - begin
print(f"first inference took {dt:.3f} s")

attn = torch.nn.MultiheadAttention(64, 4).cuda()
q = torch.randn(16, 2, 64, device="cuda")
torch.cuda.synchronize()
s = time.perf_counter()
attn(q, q, q)
torch.cuda.synchronize()
logging.info("startup overhead %.3f s", time.perf_counter() - s)
