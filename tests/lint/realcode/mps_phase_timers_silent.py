"""The near misses of `mps_phase_timers_bad.py`: each phase waited for with `torch.mps.synchronize()` before its end
read, a matmul whose result is read back (`.cpu()`) before the clock, and a script written for CUDA that falls back
to "mps" (its waits are CUDA's; the MPS path is a fallback the timing is not written for, as before). Silent."""
import time

import torch
import torch.nn as nn

dev = torch.device("mps")
net = nn.Sequential(nn.Linear(256, 512), nn.ReLU(), nn.Linear(512, 10)).to(dev)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
lossf = nn.CrossEntropyLoss()
xs = torch.randn(64, 32, 256).to(dev)
ys = torch.randint(0, 10, (64, 32)).to(dev)
phases = {"forward": 0.0, "backward": 0.0, "update": 0.0}


def epoch():
    for i in range(xs.shape[0]):
        opt.zero_grad()
        t = time.perf_counter()
        logits = net(xs[i])
        torch.mps.synchronize()
        phases["forward"] += time.perf_counter() - t
        loss = lossf(logits, ys[i])
        t = time.perf_counter()
        loss.backward()
        torch.mps.synchronize()
        phases["backward"] += time.perf_counter() - t
        t = time.perf_counter()
        opt.step()
        torch.mps.synchronize()
        phases["update"] += time.perf_counter() - t


for _ in range(3):
    epoch()
print(phases)

a = torch.rand(2048, 2048, device=dev)
b = torch.rand(2048, 2048, device=dev)
(a @ b).cpu()
start = time.time()
c = (a @ b).cpu()
print("matmul on the Apple GPU:", time.time() - start)
