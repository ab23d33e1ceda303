"""Beside the bad case: an optimizer class of unread code built from a model on the CPU updates host weights (its
step is host work), and a helper of unread code handed the GPU output whose value is not backpropagated may copy it
back (its timing stays weak, shown with `extra` only)."""
import time

import torch

from mylib.metrics import summarize  # modules the linter cannot read
from mylib.optim import AdamW

cpu_model = torch.nn.Linear(512, 512)
cpu_opt = AdamW(cpu_model.parameters(), lr=1e-3)
gpu_model = torch.nn.Linear(512, 512).cuda()
x = torch.randn(64, 512)
x_gpu = x.cuda()

for _ in range(3):
    cpu_model(x).sum().backward()
    cpu_opt.step()
    summarize(gpu_model(x_gpu))

for step in range(100):
    cpu_model(x).sum().backward()
    t0 = time.time()
    cpu_opt.step()
    print("cpu optimizer", time.time() - t0)

t0 = time.time()
out = gpu_model(x_gpu)
stats = summarize(out)
print("eval", time.time() - t0, stats)  # expect-extra: WP102
