"""A library context manager that measures its block (``with tv.measure_duration() as measure:``) and whose
bound value's ``duration`` is kept as a sample after it: the block is a timed region like ``with Timer() as t``.
Only the mean of the five samples is printed (WP105)."""

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
print("forward", np.mean(times))  # expect: WP105
