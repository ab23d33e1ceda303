"""The near misses of host_copy_waits_silent.py (lint34): the copy feeds the timed work (the model's work is queued
after it), the copy is `non_blocking=True` (it returns at once), or the tensor moved is not shown to be on the host
(a parameter: `.to("cuda")` of a tensor already there waits for nothing), or the copy's value is stored by index
into a GPU tensor (the store is a kernel queued after the copy). WP102."""
import time

import numpy as np
import torch

dev = torch.device("cuda")
net = torch.nn.Linear(1024, 1024).to(dev)
x = torch.randn(8, 1024, device=dev)
frames = [np.random.rand(8, 1024).astype(np.float32) for _ in range(4)]
pinned = torch.from_numpy(frames[3]).pin_memory()
net(x)
net(torch.from_numpy(frames[0]).cuda())

t0 = time.perf_counter()
out = net(torch.from_numpy(frames[0]).cuda())
print("fed", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
out = net(x)
nxt = pinned.to("cuda", non_blocking=True)
print("async copy", time.perf_counter() - t0)  # expect: WP102

cache = torch.zeros(64, 1024, device="cuda")
rows = torch.arange(8)
vals = torch.from_numpy(frames[2])
cache[rows.cuda()] = vals.cuda()
t0 = time.perf_counter()
out = net(x)
cache[rows.cuda()] = vals.cuda()
print("stored", time.perf_counter() - t0)  # expect: WP102


def timed(inp):
    t0 = time.perf_counter()
    out = net(x)
    moved = inp.to("cuda")
    print("moved", time.perf_counter() - t0)  # expect: WP102
    return out, moved


timed(x)
