"""Near misses of `averaged_epoch_times_bad.py`: one clock around the whole training run (a run's wall time, meant to
include start-up), an epoch mean that leaves the first epoch out, a warm-up epoch run before the timed ones, and
per-epoch times only printed, each on its own line (the cold first one shown as such)."""

import time

import numpy as np
import torch
from torch import nn

gpu = torch.device("cuda")
mlp = nn.Sequential(nn.Linear(48, 96), nn.ReLU(), nn.Linear(96, 4)).to(gpu)
opt = torch.optim.AdamW(mlp.parameters())
pairs = [(torch.randn(24, 48), torch.randint(0, 4, (24,))) for _ in range(60)]


def one_epoch():
    for u, v in pairs:
        u, v = u.to(gpu), v.to(gpu)
        opt.zero_grad()
        nn.functional.cross_entropy(mlp(u), v).backward()
        opt.step()
    torch.cuda.synchronize()


wall = time.time()
for _ in range(5):
    one_epoch()
print(f"training took {time.time() - wall:.1f}s")

seconds = []
for ep in range(6):
    s0 = time.perf_counter()
    for u, v in pairs:
        u, v = u.to(gpu), v.to(gpu)
        opt.zero_grad()
        nn.functional.cross_entropy(mlp(u), v).backward()
        opt.step()
    torch.cuda.synchronize()
    seconds.append(time.perf_counter() - s0)
print("epoch time without the first", np.median(seconds[1:]), np.mean(seconds[1:]))

other = nn.Linear(48, 4).to(gpu)
sgd = torch.optim.SGD(other.parameters(), lr=0.01)


def fit_epoch():
    for u, v in pairs:
        u, v = u.to(gpu), v.to(gpu)
        sgd.zero_grad()
        nn.functional.cross_entropy(other(u), v).backward()
        sgd.step()
    torch.cuda.synchronize()


fit_epoch()  # one untimed epoch first
spans = []
for ep in range(4):
    s1 = time.perf_counter()
    fit_epoch()
    spans.append(time.perf_counter() - s1)
print("mean epoch", sum(spans) / len(spans), "median", np.median(spans))

third = nn.Linear(48, 4).to(gpu)
sgd3 = torch.optim.SGD(third.parameters(), lr=0.01)
for ep in range(3):
    s2 = time.perf_counter()
    for u, v in pairs:
        u, v = u.to(gpu), v.to(gpu)
        sgd3.zero_grad()
        nn.functional.cross_entropy(third(u), v).backward()
        sgd3.step()
    torch.cuda.synchronize()
    print(f"epoch {ep} took {time.perf_counter() - s2:.2f}s")
