"""A tensor copied to the GPU where there is one (`x.cuda() if torch.cuda.is_available() else x`), its first
matmul timed once: cuBLAS starts inside the interval (lint82)."""
import time

import torch

host = torch.randn(2048, 2048)
dev = host.cuda() if torch.cuda.is_available() else host

t0 = time.perf_counter()
prod = torch.mm(dev, dev)  # expect: WP103
torch.cuda.synchronize()
print("gpu", time.perf_counter() - t0)
