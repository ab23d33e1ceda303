"""Set 33 class (sixth session): a host clock around code that contains an NVTX range, read before the synchronize:
the mistake is the missing synchronize at the end read (WP102), not an NVTX range taken as the GPU time (WP113,
which stays for a clock read at the range's own edges)."""

import time

import torch
from torch.cuda import nvtx

layer = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(512, 1024, device="cuda")
layer(x)
torch.cuda.synchronize()
t0 = time.perf_counter()
with nvtx.range("forward"):
    y = layer(x)
fwd = time.perf_counter() - t0  # expect: WP102
torch.cuda.synchronize()
print(fwd)
