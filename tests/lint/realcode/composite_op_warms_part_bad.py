# The warm-up loop ran logsumexp on a host tensor only: the GPU amax timed after it is cold.
import time

import torch

h = torch.rand(32, 512, 64)
for _ in range(10):  # heat up
    out = torch.logsumexp(h, dim=-1)
a = torch.rand(32, 512, 64, device="cuda")
torch.cuda.synchronize()
t0 = time.time()
for _ in range(10):
    out = torch.amax(a, dim=-1)  # expect: WP103
torch.cuda.synchronize()
print(f"amax: {(time.time() - t0) / 10:.6f}s")
