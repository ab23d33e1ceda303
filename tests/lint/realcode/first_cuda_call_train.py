"""A training run timed from before the model is moved to the GPU: the run's wall time, context creation
included, is what it reports (no WP103)."""

import time

import torch

t0 = time.time()
net = torch.nn.Linear(32, 1).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for _ in range(100):
    x = torch.randn(16, 32, device="cuda")
    loss = net(x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
torch.cuda.synchronize()
print("train", time.time() - t0)
