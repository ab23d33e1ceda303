"""Set 28 class (kiselevart): a no-grad forward benchmark runs first (its first forward is cold, WP103), then a benchmark of ten training steps times
the first backward passes and optimizer steps of the script (WP103, at the backward: the forward alone warms
neither autograd nor the backward kernels). Silent: the same after one untimed training step, and a training run
over a loader."""

import time

import torch
import torch.nn as nn

device = torch.device("cuda")
net = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10)).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loss_fn = nn.CrossEntropyLoss()

torch.cuda.synchronize()
start = time.time()
for _ in range(10):
    x = torch.randn(64, 3, 32, 32, device=device)
    with torch.no_grad():
        net(x)  # expect: WP103
torch.cuda.synchronize()
print("forward", time.time() - start)

torch.cuda.synchronize()
start = time.time()
for _ in range(10):
    x = torch.randn(64, 3, 32, 32, device=device)
    y = torch.randint(0, 10, (64,), device=device)
    opt.zero_grad()
    loss = loss_fn(net(x), y)
    loss.backward()  # expect: WP103
    opt.step()
torch.cuda.synchronize()
print("train steps", time.time() - start)


def steps_after_one(model, optimizer, n=10):
    x = torch.randn(64, 3, 32, 32, device="cuda")
    y = torch.randint(0, 10, (64,), device="cuda")
    loss_fn(model(x), y).backward()
    optimizer.step()
    torch.cuda.synchronize()
    start = time.time()
    for _ in range(n):
        optimizer.zero_grad()
        loss_fn(model(x), y).backward()
        optimizer.step()
    torch.cuda.synchronize()
    return time.time() - start


def epoch(model, optimizer, loader):
    torch.cuda.synchronize()
    start = time.time()
    for x, y in loader:
        optimizer.zero_grad()
        loss_fn(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
    torch.cuda.synchronize()
    return time.time() - start


print(steps_after_one(net, opt))
