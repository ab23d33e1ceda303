"""Near misses of `forward_only_warmup_bad.py`: a warm-up of full training steps, a forward warm-up before timed
forwards only (inference), a warm-up through a function of the file that trains, the model handed to a profiler
before (it may run the backward), and a per-iteration sample of a loop that keeps its model (only the first row is
cold, printed as such)."""

import time

import torch
from torch import nn

from flopcount import count_flops

lin = nn.Linear(512, 512).cuda()
sgd = torch.optim.SGD(lin.parameters(), lr=0.01)
xs = torch.randn(128, 512, device="cuda")
with torch.no_grad():
    lin(xs)
for _ in range(3):
    sgd.zero_grad()
    lin(xs).sum().backward()
    sgd.step()
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(50):
    sgd.zero_grad()
    lin(xs).sum().backward()
    sgd.step()
torch.cuda.synchronize()
print("step ms", (time.perf_counter() - t0) / 50 * 1e3)

conv = nn.Conv2d(3, 8, 3).cuda()
batch = torch.randn(4, 3, 64, 64, device="cuda")
with torch.no_grad():
    conv(batch)
    torch.cuda.synchronize()
    t1 = time.perf_counter()
    for _ in range(50):
        conv(batch)
    torch.cuda.synchronize()
print("fwd ms", (time.perf_counter() - t1) / 50 * 1e3)


def fit_once(model, data):
    model(data).sum().backward()


head = nn.Linear(512, 4).cuda()
_ = head(xs)
fit_once(head, xs)
torch.cuda.synchronize()
t2 = time.perf_counter()
for _ in range(10):
    head(xs).sum().backward()
torch.cuda.synchronize()
print("head step", (time.perf_counter() - t2) / 10)

body = nn.Linear(512, 512).cuda()
with torch.no_grad():
    body(xs)
for trial in range(3):
    t3 = time.perf_counter()
    body(xs).sum().backward()
    torch.cuda.synchronize()
    print(trial, "fwd+bwd s", time.perf_counter() - t3)

tail = nn.Linear(512, 512).cuda()
with torch.no_grad():
    tail(xs)
count_flops(tail, xs)
t4 = time.perf_counter()
for _ in range(10):
    tail(xs).sum().backward()
torch.cuda.synchronize()
print("tail step", (time.perf_counter() - t4) / 10)
