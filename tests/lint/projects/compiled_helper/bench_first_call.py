"""A function compiled in another module of the project (`@torch.compile` in fused.py) is timed on its first call:
the interval includes compilation."""
import time

import torch

from fused import gelu_bias

x = torch.randn(4096, 4096, device="cuda")
b = torch.randn(4096, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
y = gelu_bias(x, b)  # expect: WP112
torch.cuda.synchronize()
print(f"{(time.perf_counter() - t0) * 1e3:.2f} ms")
