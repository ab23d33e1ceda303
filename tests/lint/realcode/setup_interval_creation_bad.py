"""Near miss of setup_interval_creation_silent.py: the region runs the measured forward pass and also makes the
gradient the next measurement needs, so that tensor's allocation and fill are timed with the forward."""
import time

import torch

layer = torch.nn.Linear(4096, 4096, device="cuda", dtype=torch.float16)
x = torch.randn(256, 4096, device="cuda", dtype=torch.float16, requires_grad=True)
for _ in range(5):
    layer(x).sum().backward()
torch.cuda.synchronize()

forward_ms, backward_ms = [], []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    y = layer(x)
    grad_y = torch.randn_like(y)  # expect: WP104
    torch.cuda.synchronize()
    forward_ms.append((time.perf_counter() - t0) * 1e3)
    t1 = time.perf_counter()
    y.backward(grad_y)
    torch.cuda.synchronize()
    backward_ms.append((time.perf_counter() - t1) * 1e3)
forward_ms.sort()
backward_ms.sort()
print(f"forward median {forward_ms[10]:.3f} ms, backward median {backward_ms[10]:.3f} ms")
