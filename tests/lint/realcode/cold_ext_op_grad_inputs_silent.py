"""The same op run once before its timing: warm; and a module's `.requires_grad_(False)` stays a module (lint82)."""
import time

import torch
from scan_ext.ops import fused_scan

x = torch.randn(8, 64, 2048, device="cuda").requires_grad_(True)
dt = torch.randn(8, 64, 2048, device="cuda").requires_grad_(True)
frozen = torch.nn.Linear(64, 64).requires_grad_(False)

fused_scan(x, dt)
torch.cuda.synchronize()
t0 = time.time()
y = fused_scan(x, dt)
torch.cuda.synchronize()
print(f"forward {(time.time() - t0) * 1e3:.2f} ms")
