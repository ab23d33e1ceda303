"""Near misses of a host array resent every timed iteration (WP104 stays silent): a training loop that moves each
fresh batch from its loader to the GPU (the copy is part of the step being measured), a batch picked by the loop's
index, the array copied once before the timed loop, a latency the code names end to end (its copy included on
purpose, and said so), a region that times the host-to-device copy itself, and a one-off copy in a region taken
once."""
import time

import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")
net = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10)).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
loss_fn = torch.nn.CrossEntropyLoss()
feats = np.random.rand(4096, 256).astype(np.float32)
labels = np.random.randint(0, 10, size=4096)
loader = DataLoader(TensorDataset(torch.from_numpy(feats), torch.from_numpy(labels)), batch_size=256)

step_s = []
for xb, yb in loader:
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    xb, yb = xb.to(device), yb.to(device)
    opt.zero_grad()
    loss_fn(net(xb), yb).backward()
    opt.step()
    torch.cuda.synchronize()
    step_s.append(time.perf_counter() - t0)
print("step median", sorted(step_s)[len(step_s) // 2], "max", max(step_s))

chunks = np.split(feats, 16)
picked = []
with torch.no_grad():
    for i in range(16):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        out = net(torch.from_numpy(chunks[i]).cuda())
        torch.cuda.synchronize()
        picked.append(time.perf_counter() - t0)
print("per chunk median", sorted(picked)[8], "max", max(picked))

on_gpu = torch.from_numpy(feats).cuda()
fwd_ms = []
with torch.no_grad():
    for _ in range(3):
        net(on_gpu)
    for _ in range(50):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        out = net(on_gpu)
        e.record()
        e.synchronize()
        fwd_ms.append(s.elapsed_time(e))
print("forward median", sorted(fwd_ms)[25], "min", min(fwd_ms))

e2e_s = []
with torch.no_grad():
    for _ in range(20):
        t0 = time.perf_counter()
        out = net(torch.from_numpy(feats).cuda()).argmax(1).cpu()
        e2e_s.append(time.perf_counter() - t0)
print("end-to-end latency (host -> GPU -> host, copies included):", sorted(e2e_s)[10])

h2d_s = []
for _ in range(20):
    t0 = time.perf_counter()
    staged = torch.from_numpy(feats).cuda()
    torch.cuda.synchronize()
    h2d_s.append(time.perf_counter() - t0)
print("H2D 4 MiB: median", sorted(h2d_s)[10], "s")

t0 = time.perf_counter()
with torch.no_grad():
    first = net(torch.from_numpy(feats).cuda())
torch.cuda.synchronize()
print("one batch", time.perf_counter() - t0)
