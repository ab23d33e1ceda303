"""WP103 class (set 62, in a shape of our own): a model on the GPU is timed per iteration and each interval added to
a running total written ``total = total + t1 - t0`` (parsed ``(total + t1) - t0``: no ``t1 - t0`` of its own),
then averaged; the per-iteration print is not the sample kept. The first iteration's cold start is in the mean."""

import time

import torch
import torch.nn as nn

torch.backends.cudnn.benchmark = True
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
head = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Conv2d(16, 8, 3)).to(dev)

frame = torch.rand((1, 3, 96, 96)).to(dev)
total = 0
for it in range(200):
    t0 = time.time()
    with torch.no_grad():
        out = head(frame)  # expect: WP103
    torch.cuda.synchronize()
    t1 = time.time()
    total = total + t1 - t0
    print("step", t1 - t0)
print("avg", total / 200)
