"""A synchronize before and after each long end-to-end sample is correct; around each short one it is WP101."""
import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")


def generate(steps):
    y = x
    for _ in range(steps):
        y = model(y)
    return y


for _ in range(3):
    generate(8)

latencies = []
for _ in range(20):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    generate(256)  # one sample is a whole generation
    torch.cuda.synchronize()
    latencies.append(time.perf_counter() - t0)
print(sorted(latencies)[10])

num_runs = 5
runs = []
for _ in range(num_runs):  # five samples of a long job
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    model(x).sum().backward()
    torch.cuda.synchronize()
    runs.append(time.perf_counter() - t0)
print(min(runs), max(runs))

times = []
for _ in range(1000):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    model(x)
    torch.cuda.synchronize()
    times.append(time.perf_counter() - t0)
print(sorted(times)[500])
