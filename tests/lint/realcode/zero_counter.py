"""Set 20 class: an all-zeros tensor that only counts (`nans[rank] += ...`, then reduced to rank 0) is not an input
whose values change the timed work (WP111 silent). An all-zeros input of a timed matmul is still reported."""

import time

import torch
import torch.distributed as dist

model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
nans = torch.zeros(8, dtype=torch.int, device="cuda")
a = torch.zeros(4096, 4096, device="cuda")  # expect: WP111
a @ a
model(x)
torch.cuda.synchronize()
t0 = time.perf_counter()
for step in range(100):
    y = model(x)
    nans[0] += torch.isnan(y).sum()
    a @ a
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 100)
dist.reduce(nans, dst=0)
