"""The near misses of unseen_helper_silent.py (lint34): the same unreadable code, but what the file shows leaves
work pending at the end read (WP102): the model's own call (its forward returns device tensors as soon as the
kernels are queued), a helper's result combined with a tensor shown on the GPU (mixing devices is an error, so the
result is on the GPU and the comparison is queued), and GPU work after the helper that does not use its result."""
import time

import torch
from models.gnn import GraphNet
from serving.engine import BatchRunner

net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10)).cuda()
data = torch.randn(4096, 512)
x = torch.randn(256, 512, device="cuda")
labels = torch.randint(0, 10, (4096,), device="cuda")

model = GraphNet(512, 10).cuda()
model(x)
t0 = time.perf_counter()
out = model(x)
print("forward", time.perf_counter() - t0)  # expect: WP102

runner = BatchRunner(net, device="cuda")
runner.run(data[:64])
t0 = time.time()
preds = runner.run(data)
acc = (preds.argmax(1) == labels).float().mean()
print("runner", time.time() - t0)  # expect: WP102

net(x)
t0 = time.time()
preds = runner.run(data)
y = net(x)
print("runner then forward", time.time() - t0)  # expect: WP102
