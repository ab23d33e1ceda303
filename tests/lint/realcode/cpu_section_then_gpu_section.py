"""A notebook-style script whose first section trains on the CPU (`device = "cpu"`, the batch copied there with
`x = x.to(device)` inside the timed step) and whose later section picks CUDA and trains again (set 76). The first
step's model runs on the CPU (it would refuse CPU inputs otherwise): its host clock is right, silent. The second
section's step copies to the GPU device and reads the clock with nothing synchronized: reported. So is a step in
the CPU section that moves its model to the GPU itself."""
import time

import torch
import torch.nn as nn

torch.cuda.manual_seed(0)


def batches(n):
    for _ in range(n):
        yield torch.randn(32, 64), torch.randint(0, 10, (32,))


net = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
device = "cpu"
net.to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step, (x, y) in enumerate(batches(20)):
    t0 = time.time()
    opt.zero_grad()
    x = x.to(device)
    y = y.to(device)
    loss = nn.functional.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    dt = time.time() - t0
    print(f"cpu step {step}: {dt * 1000:.1f} ms")

for step, (x, y) in enumerate(batches(5)):
    t0 = time.time()
    x = x.to(device)
    y = y.to(device)
    fast = net.cuda()
    loss = nn.functional.cross_entropy(fast(x.cuda()), y.cuda())
    loss.backward()
    dt = time.time() - t0  # expect: WP102
    print(f"moved step {step}: {dt * 1000:.1f} ms")

net = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
device = "cuda" if torch.cuda.is_available() else "cpu"
net.to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step, (x, y) in enumerate(batches(20)):
    t0 = time.time()
    opt.zero_grad()
    x = x.to(device)
    y = y.to(device)
    loss = nn.functional.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    dt = time.time() - t0  # expect: WP102
    print(f"gpu step {step}: {dt * 1000:.1f} ms")
