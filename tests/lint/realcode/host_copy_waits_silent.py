"""A blocking copy of host data to the GPU after the timed work (lint34): torch synchronizes the stream after a copy
from host memory unless `non_blocking=True`, so the clock read after it covers everything queued before. Three
shapes: a token id wrapped into a tensor on the device, the next frame prefetched with `from_numpy(...).cuda()`, a
NumPy batch handed to `torch.as_tensor(..., device=...)` (silent)."""
import time

import numpy as np
import torch

dev = torch.device("cuda")
net = torch.nn.Linear(1024, 1024).to(dev)
x = torch.randn(8, 1024, device=dev)
frames = [np.random.rand(8, 1024).astype(np.float32) for _ in range(4)]
net(x)

for step in range(16):
    t0 = time.perf_counter()
    logits = net(x)
    pos = torch.tensor([step + 1], device="cuda")
    print("step", time.perf_counter() - t0)

t0 = time.perf_counter()
out = net(x)
nxt = torch.from_numpy(frames[1]).cuda()
print("frame", time.perf_counter() - t0)

t0 = time.perf_counter()
out = net(x)
batch = torch.as_tensor(frames[2], device=dev)
print("batch", time.perf_counter() - t0)
