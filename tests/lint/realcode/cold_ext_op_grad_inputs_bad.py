"""Inputs made on the GPU with `.requires_grad_(True)` (which returns the tensor) handed to an extension's op, timed
once on its first call: the extension's kernels load inside the interval (lint82)."""
import time

import torch
from scan_ext.ops import fused_scan

x = torch.randn(8, 64, 2048, device="cuda").requires_grad_(True)
dt = torch.randn(8, 64, 2048, device="cuda").requires_grad_(True)

torch.cuda.synchronize()
t0 = time.time()
y = fused_scan(x, dt)  # expect: WP103
torch.cuda.synchronize()
print(f"forward {(time.time() - t0) * 1e3:.2f} ms")
