"""Near miss of first_window_cold_bad.py: one untimed training step runs before the window opens, so the first
window is warm."""
import time

import torch
from torch import nn

model = nn.Linear(512, 512).cuda()
opt = torch.optim.AdamW(model.parameters())
warmup_steps = 20
sched = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=warmup_steps)
x = torch.randn(256, 512, device="cuda")
model(x).sum().backward()
opt.step()
opt.zero_grad()
every = 10
t0 = time.time()
for step in range(1, 101):
    loss = model(x).sum()
    loss.backward()
    opt.step()
    sched.step()
    opt.zero_grad()
    if step % every == 0:
        torch.cuda.synchronize()
        dt = time.time() - t0
        print(step, every * 256 / dt, "samples/s")
        t0 = time.time()
