"""A per-step host timing of a CUDA training step whose batch is copied from host memory to the GPU inside the
sample (`next(it)` of a generator that calls `.cuda()`, or `next(it).to("cuda")`): the copy from pageable memory
waits for the step before, so the samples pace the run's steps, off by one queue of work. Silent."""
import time

import torch

net = torch.nn.Linear(2048, 2048).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data = [torch.randn(128, 2048) for _ in range(64)]


def batches():
    while True:
        for x in data:
            yield x.cuda()


it = batches()
for step in range(200):
    t0 = time.perf_counter()
    x = next(it)
    loss = net(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    dt = time.perf_counter() - t0
    if step % 20 == 0:
        print(step, dt)


plain = iter(data * 4)
for step in range(200):
    t0 = time.perf_counter()
    x = next(plain).to("cuda")
    loss = net(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    dt = time.perf_counter() - t0
    if step % 20 == 0:
        print(step, dt)
