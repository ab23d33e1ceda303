"""The helper called before the end read only prints: read there, it does not wait, so the interval measures the
launch."""
import time

import torch

from utils.device import report, wait_for_gpu

model = torch.nn.Linear(512, 512).cuda()
x = torch.randn(64, 512, device="cuda")
for _ in range(5):
    model(x)
wait_for_gpu()
for step in range(10):
    t0 = time.perf_counter()
    out = model(x)
    report(step, "done")
    print(step, time.perf_counter() - t0)  # expect: WP102
