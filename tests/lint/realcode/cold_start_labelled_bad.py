"""The near misses of `cold_start_labelled_silent.py`: the label says a latency or a time to first token (a
steady-state metric), not a cold start: the cold first call is the reported figure."""
import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
model(x)  # expect: WP103
torch.cuda.synchronize()
print("Inference latency:", time.perf_counter() - t0)

conv = torch.nn.Conv2d(3, 16, 3).cuda()
img = torch.randn(4, 3, 64, 64, device="cuda")
results = {}
torch.cuda.synchronize()
start = time.perf_counter()
conv(img)  # expect: WP103
torch.cuda.synchronize()
results["conv"] = time.perf_counter() - start
print(results)

norm = torch.nn.LayerNorm(1024).cuda()
torch.cuda.synchronize()
begin = time.time()
norm(x)  # expect: WP103
torch.cuda.synchronize()
ttft = time.time() - begin
print(f"time to first token {ttft:.3f} s")
