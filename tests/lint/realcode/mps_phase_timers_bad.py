"""A training loop on Apple's GPU (`"mps"`, the file names no CUDA) with a host-clock timer per phase (WP102): MPS
queues its kernels like CUDA, so the forward, backward and update figures are launch times, and their GPU cost is
billed to the phase that happens to wait (`loss.item()`). The near misses, `mps_phase_timers_silent.py`, wait with
`torch.mps.synchronize()`, or put the device beside CUDA (then "mps" is the fallback the timing is not written for)."""
import time

import torch
import torch.nn as nn

dev = torch.device("mps")
net = nn.Sequential(nn.Linear(256, 512), nn.ReLU(), nn.Linear(512, 10)).to(dev)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
lossf = nn.CrossEntropyLoss()
xs = torch.randn(64, 32, 256).to(dev)
ys = torch.randint(0, 10, (64, 32)).to(dev)
phases = {"forward": 0.0, "loss": 0.0, "backward": 0.0, "update": 0.0}


def epoch():
    for i in range(xs.shape[0]):
        opt.zero_grad()
        t = time.perf_counter()
        logits = net(xs[i])
        phases["forward"] += time.perf_counter() - t  # expect: WP102
        t = time.perf_counter()
        loss = lossf(logits, ys[i])
        total = loss.item()
        phases["loss"] += time.perf_counter() - t
        t = time.perf_counter()
        loss.backward()
        phases["backward"] += time.perf_counter() - t  # expect: WP102
        t = time.perf_counter()
        opt.step()
        phases["update"] += time.perf_counter() - t  # expect: WP102
    return total


for _ in range(3):
    epoch()
print(phases)

a = torch.rand(2048, 2048, device=dev)
b = torch.rand(2048, 2048, device=dev)
a @ b
start = time.time()
c = a @ b
print("matmul on the Apple GPU:", time.time() - start)  # expect: WP102
