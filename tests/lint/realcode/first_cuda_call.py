"""The script's first CUDA call inside a timed region (WP103): `.cuda()` creates the CUDA context there, hundreds
of milliseconds that the timed loop does not need. After any earlier GPU call (the context exists) the same region
has no cold start of its own."""

import time

import torch

start = time.time()
a = torch.ones(64, 64).cuda()  # expect: WP103
for _ in range(1000):
    a.add_(1.0)
torch.cuda.synchronize()
print("gpu", time.time() - start)

start = time.time()
b = torch.ones(64, 64).cuda()
for _ in range(1000):
    b.add_(1.0)
torch.cuda.synchronize()
print("gpu again", time.time() - start)
