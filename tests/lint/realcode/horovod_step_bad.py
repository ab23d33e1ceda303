"""Nearby Horovod code that does not wait: the plain optimizer's step (the wrapper bound to another name) and the
asynchronous collective without its `synchronize`."""
import time

import horovod.torch as hvd
import torch
import torch.nn.functional as F

hvd.init()
net = torch.nn.Linear(1024, 10).cuda()
local_opt = torch.optim.SGD(net.parameters(), lr=0.01)
wrapped_opt = hvd.DistributedOptimizer(torch.optim.SGD(net.parameters(), lr=0.01))
inputs = torch.randn(32, 1024, device="cuda")
labels = torch.randint(0, 10, (32,), device="cuda")

for _ in range(5):
    local_opt.zero_grad()
    F.cross_entropy(net(inputs), labels).backward()
    local_opt.step()
tick = time.perf_counter()
for _ in range(20):
    local_opt.zero_grad()
    F.cross_entropy(net(inputs), labels).backward()
    local_opt.step()
print("local step", (time.perf_counter() - tick) / 20)  # expect: WP102

tick = time.perf_counter()
for _ in range(20):
    handle = hvd.allreduce_async(net(inputs).sum(), name="probe")
print("queued reduce", (time.perf_counter() - tick) / 20)  # expect: WP102
