"""The same chosen copy run once before the timed call: warm (lint82)."""
import time

import torch

host = torch.randn(2048, 2048)
dev = host.cuda() if torch.cuda.is_available() else host
torch.mm(dev, dev)
torch.cuda.synchronize()

t0 = time.perf_counter()
prod = torch.mm(dev, dev)
torch.cuda.synchronize()
print("gpu", time.perf_counter() - t0)

# the host copy chosen in both branches stays host work
other = host.clone() if host.is_contiguous() else host
t1 = time.perf_counter()
res = torch.mm(other, other)
print("cpu", time.perf_counter() - t1)
