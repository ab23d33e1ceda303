"""A periodic throughput log of a training loop whose clock starts before the loop and restarts after each window of
10 steps: the first window holds the cold first step (cuBLAS start-up, the first kernel loads, the optimizer's
state) as one of its 10 steps, and nothing ran a step before it. The learning-rate warm-up (`warmup_steps`) warms
nothing on the GPU (twenty-second session, set 152)."""
import time

import torch
from torch import nn

model = nn.Linear(512, 512).cuda()
opt = torch.optim.AdamW(model.parameters())
warmup_steps = 20
sched = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=warmup_steps)
x = torch.randn(256, 512, device="cuda")
every = 10
t0 = time.time()
for step in range(1, 101):
    loss = model(x).sum()  # expect: WP103
    loss.backward()
    opt.step()
    sched.step()
    opt.zero_grad()
    if step % every == 0:
        torch.cuda.synchronize()
        dt = time.time() - t0
        print(step, every * 256 / dt, "samples/s")
        t0 = time.time()
