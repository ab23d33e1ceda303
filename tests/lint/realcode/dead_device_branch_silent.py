"""A branch the file's own constants decide (set 133, fresherrors): `device` is bound once to "cuda:0" or "cpu", so
`if device == "cuda":` never runs and the model call under it is no timed work; the optimizer built in the same
interval keeps references to the parameters and launches nothing. Silent (the near miss is
dead_device_branch_bad.py)."""
import time

import torch

device = "cuda:0" if torch.cuda.is_available() else "cpu"
net = torch.nn.Linear(1024, 1024).to(device)
x = torch.randn(64, 1024, device=device)
torch.cuda.synchronize()
t0 = time.perf_counter()
if device == "cuda":
    net = torch.nn.DataParallel(net)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"set-up time: {t1 - t0:.3f} s")
