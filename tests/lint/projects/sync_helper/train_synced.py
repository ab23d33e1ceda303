"""The step is synchronized by a helper of the project whose name does not say so: read there, it waits. Silent."""
import time

import torch

from utils.device import wait_for_gpu

model = torch.nn.Linear(512, 512).cuda()
x = torch.randn(64, 512, device="cuda")
for _ in range(5):
    model(x)
wait_for_gpu()
for step in range(10):
    t0 = time.perf_counter()
    out = model(x)
    wait_for_gpu()
    print(step, time.perf_counter() - t0)
