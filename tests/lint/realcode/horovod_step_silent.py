"""Horovod's optimizer wrapper waits for its gradient allreduces in `step()`, and `hvd.allreduce` is the blocking
form of the collective: a host clock read after either is synchronized up to the backward pass."""
import time

import horovod.torch as hvd
import torch
import torch.nn.functional as F

hvd.init()
torch.cuda.set_device(hvd.local_rank())
net = torch.nn.Linear(1024, 10).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.01)
opt = hvd.DistributedOptimizer(opt, named_parameters=net.named_parameters())
inputs = torch.randn(32, 1024, device="cuda")
labels = torch.randint(0, 10, (32,), device="cuda")


def train_step():
    opt.zero_grad()
    F.cross_entropy(net(inputs), labels).backward()
    opt.step()


for _ in range(5):
    train_step()
tick = time.perf_counter()
for _ in range(20):
    train_step()
print("step", (time.perf_counter() - tick) / 20)

hvd.allreduce(net(inputs).sum(), name="probe")  # warm-up
tick = time.perf_counter()
for _ in range(20):
    total = hvd.allreduce(net(inputs).sum(), name="probe")
print("reduce", (time.perf_counter() - tick) / 20)
