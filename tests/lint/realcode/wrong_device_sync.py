"""Set 17 class: work put explicitly on a second GPU (`torch.device("cuda:1")`, chosen against the CPU at run time)
and timed with `torch.cuda.synchronize()` without a device, which waits on the current device (cuda:0), or with
CUDA events recorded on the current device while the model runs on cuda:2: the end read does not wait for the
work (WP102, with its own message). Synchronizing the work's device, a hidden synchronize of the result, or work
on the current device are silent."""

import time

import torch

if torch.cuda.is_available():
    dev = torch.device("cuda:1")
else:
    dev = torch.device("cpu")

a = torch.randn(4096, 4096).to(dev)
b = torch.randn(4096, 4096).to(dev)
torch.mm(a, b)
torch.cuda.synchronize(dev)

for _ in range(3):
    t0 = time.time()
    c = torch.mm(a, b)
    torch.cuda.synchronize()
    print(time.time() - t0)  # expect: WP102

for _ in range(3):
    t0 = time.time()
    c = torch.mm(a, b)
    torch.cuda.synchronize(dev)
    print(time.time() - t0)

for _ in range(3):
    t0 = time.time()
    s = torch.mm(a, b).sum().item()
    print(time.time() - t0, s)

x = torch.randn(4096, 4096, device="cuda")
torch.mm(x, x)
t0 = time.time()
torch.mm(x, x)
torch.cuda.synchronize()
print(time.time() - t0)

model = torch.nn.Linear(1024, 1024).to(torch.device("cuda:2"))
inp = torch.randn(64, 1024).to("cuda:2")
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
for _ in range(10):
    model(inp)
times = []
for _ in range(100):
    start.record()
    model(inp)
    end.record()  # expect: WP102
    torch.cuda.synchronize()
    times.append(start.elapsed_time(end))
print(sorted(times)[len(times) // 2])
