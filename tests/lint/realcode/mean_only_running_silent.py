"""Near misses of the running mean (WP105 stays silent): the mean so far printed only every 50 steps (a periodic
progress log), each epoch's own time printed beside the running mean (every sample is shown), and a running mean
with the running maximum and minimum."""
import time

import numpy as np
import torch

net = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.ReLU(), torch.nn.Linear(2048, 10)).cuda()
opt = torch.optim.Adam(net.parameters())
feats = torch.randn(4096, 2048, device="cuda")
labels = torch.randint(0, 10, (4096,), device="cuda")


def train_step():
    loss = torch.nn.functional.cross_entropy(net(feats), labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss


train_step()
periodic = []
for step in range(500):
    t0 = time.perf_counter()
    train_step()
    torch.cuda.synchronize()
    periodic.append(time.perf_counter() - t0)
    if step % 50 == 0:
        print(step, "mean step", np.mean(periodic))

shown = []
for epoch in range(20):
    t0 = time.perf_counter()
    loss = train_step()
    torch.cuda.synchronize()
    dt = time.perf_counter() - t0
    shown.append(dt)
    print(f"epoch {epoch} loss {loss.item():.3f} took {dt:.3f} s (mean {np.mean(shown):.3f} s)")

spread = []
for epoch in range(20):
    t0 = time.perf_counter()
    train_step()
    torch.cuda.synchronize()
    spread.append(time.perf_counter() - t0)
    print(f"epoch {epoch}: mean {np.mean(spread):.3f} s, min {min(spread):.3f}, max {max(spread):.3f}")
