"""Near miss of ``with_duration_samples_bad.py``: the same context manager, but the bound value's duration is
reported with its spread (median and standard deviation besides the mean), and a library context manager whose
value is read for something else than a duration (``prof.key_averages()``) is no timer (silent)."""

import numpy as np
import torch
from cumm import tensorview as tv

net = torch.nn.Conv2d(64, 64, 3).cuda()
x = torch.randn(8, 64, 128, 128, device="cuda")
for _ in range(10):
    net(x)
times = []
with torch.no_grad():
    for i in range(5):
        with tv.measure_duration() as measure:
            out = net(x)
        times.append(measure.duration)
print("forward", np.mean(times), np.median(times), np.std(times))

with torch.profiler.profile() as prof:
    net(x)
print(prof.key_averages().table())
