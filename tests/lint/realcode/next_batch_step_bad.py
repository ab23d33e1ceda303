"""A per-step host timing of a CUDA training step that fetches its batch inside the sample (`x = next(it)`, batches
already on the GPU) and reads the clock right after `optimizer.step()` with no synchronize: each sample is one
step's launch, not a run's wall time over many steps (WP102). (A region that walks many batches, `for batch in
loader:` timed as a whole, stays a run's wall time, off by one queue of work; so does a step that copies its batch
to the GPU: next_batch_copied_step_silent.py.)"""
import time

import torch

net = torch.nn.Linear(2048, 2048).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data = [torch.randn(128, 2048, device="cuda") for _ in range(64)]


def batches():
    while True:
        yield from data


it = batches()
for step in range(200):
    t0 = time.perf_counter()
    x = next(it)
    loss = net(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    dt = time.perf_counter() - t0  # expect: WP102
    if step % 20 == 0:
        print(step, dt)
