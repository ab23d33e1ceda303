"""The project's timer synchronizes the device at both ends (read in timing/clocks.py): the interval covers the
work. Silent."""
import torch

import timing

net = torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.ReLU()).cuda()
batch = torch.randn(256, 1024, device="cuda")
for _ in range(5):
    net(batch)
torch.cuda.synchronize()

timer = timing.DeviceTimer()
for _ in range(20):
    timer.tic()
    out = net(batch)
    per_step = timer.toc()
print(f"{per_step * 1e3:.2f} ms per step")
