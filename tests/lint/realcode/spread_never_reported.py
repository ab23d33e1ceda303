"""A spread computed and stored but never read (`std_ms = np.std(lat)`, only the mean printed) is not reported:
WP105 fires. A spread that is printed (or read at all) keeps it silent."""

import numpy as np
import torch

model = torch.nn.Linear(512, 512).cuda()
x = torch.randn(64, 512, device="cuda")
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
for _ in range(10):
    model(x)

n = 200
lat = np.zeros(n)
for i in range(n):
    start.record()
    model(x)
    stop.record()
    torch.cuda.synchronize()
    lat[i] = start.elapsed_time(stop)
mean_ms = np.sum(lat) / n  # expect: WP105
std_ms = np.std(lat)
print(mean_ms)

lat2 = np.zeros(n)
for i in range(n):
    start.record()
    model(x)
    stop.record()
    torch.cuda.synchronize()
    lat2[i] = start.elapsed_time(stop)
mean2 = np.sum(lat2) / n
std2 = np.std(lat2)
print(mean2, std2)
