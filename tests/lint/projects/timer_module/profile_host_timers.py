"""The project's host-clock timers (tic/toc, and a context manager) around GPU work with no synchronize: each
measures the launch."""
import torch

from timing import StepTimer, timed

net = torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.ReLU()).cuda()
batch = torch.randn(256, 1024, device="cuda")
for _ in range(5):
    net(batch)
torch.cuda.synchronize()

timer = StepTimer()
for _ in range(20):
    timer.tic()
    out = net(batch)
    per_step = timer.toc()  # expect: WP102
print(f"{per_step * 1e3:.2f} ms per step")

with timed("forward"):  # expect: WP102
    net(batch)
