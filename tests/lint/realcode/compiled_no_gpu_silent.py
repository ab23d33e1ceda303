"""Fifteenth session (lint91, set 79 class), a program with no GPU work at all: the scripted model and its images
live on the CPU; its first timed call is a CPU timing, not a GPU timing mistake (WP112 stays silent)."""
import time

import torch
from torch import nn

net = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10)).eval()
images = torch.rand(8, 3, 32, 32)
net(images)
scripted = torch.jit.script(net)

times = []
for _ in range(100):
    with torch.no_grad():
        start = time.time()
        out = scripted(images)
        end = time.time()
        times.append(end - start)
print(f"scripted: {sum(times) / len(times):.5f} s")  # expect: WP105
