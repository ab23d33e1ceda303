"""A host clock around a whole profiled run: leaving `with torch.profiler.profile():` (CUDA among its activities,
as by default when CUDA is there) or `with torch.autograd.profiler.profile(use_cuda=True):` synchronizes the
device, so an end read after the block waits for the profiled work (silent). A CPU-only profiler, or an end read
still inside the block, does not wait (WP102)."""

import time
from datetime import datetime

import torch
from torch.autograd import profiler
from torch.profiler import ProfilerActivity

model = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.ReLU()).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(256, 2048, device="cuda")


def step(x):
    opt.zero_grad()
    model(x).sum().backward()
    opt.step()


begin = datetime.now()
with profiler.profile(profile_memory=True, use_cuda=True) as prof:
    for _ in range(10):
        step(x)
print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=5))
print("profiled run took", datetime.now() - begin)

t0 = time.perf_counter()
with torch.profiler.profile() as p2:
    for _ in range(10):
        step(x)
print("second run", time.perf_counter() - t0)

t0 = time.perf_counter()
with torch.profiler.profile(activities=[ProfilerActivity.CPU]) as p3:
    for _ in range(10):
        step(x)
print("cpu-side trace run", time.perf_counter() - t0)  # expect: WP102

with torch.profiler.profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as p4:
    t0 = time.perf_counter()
    for _ in range(10):
        step(x)
    inner = time.perf_counter() - t0  # expect: WP102
print(inner)
