"""One WP103 finding per cold timed region: a model called on a view of its input (`net(frame.unsqueeze(0))`:
the model's finding, not a second one at the view; set 49), two array functions of one expression
(`cp.sin(x) ** 2 + cp.cos(x) ** 2`: one finding; set 43)."""

import time

import cupy as cp
import torch
from torch import nn

net = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Conv2d(16, 1, 1)).cuda().eval()
frame = torch.rand(3, 224, 224, device="cuda")
with torch.no_grad():
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    density = net(frame.unsqueeze(0))  # expect: WP103
    torch.cuda.synchronize()
    print(f"network: {time.perf_counter() - t0:.4f} s, count {float(density.sum()):.1f}")

xs = cp.linspace(0, 100, 10**7)
cp.cuda.Device(0).synchronize()
t1 = time.perf_counter()
ident = cp.sin(xs) ** 2 + cp.cos(xs) ** 2  # expect: WP103
cp.cuda.Device(0).synchronize()
print(f"identity: {time.perf_counter() - t1:.4f} s")
