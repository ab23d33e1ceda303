"""Near miss of dead_device_branch_silent.py: here `device` can be "cuda", so the branch runs and the model's first
call (with its first cuBLAS use) is timed with no warm-up (WP103)."""
import time

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
net = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
if device == "cuda":
    y = net(x)  # expect: WP103
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"forward: {t1 - t0:.3f} s")
