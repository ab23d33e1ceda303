"""The same compiled function, called before it is timed. Silent."""
import time

import torch

from fused import gelu_bias

x = torch.randn(4096, 4096, device="cuda")
b = torch.randn(4096, device="cuda")
for _ in range(3):
    gelu_bias(x, b)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(20):
    y = gelu_bias(x, b)
torch.cuda.synchronize()
print(f"{(time.perf_counter() - t0) / 20 * 1e3:.2f} ms")
