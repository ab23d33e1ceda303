"""Set 30 class: an interval named for the first batch, read after five warm-up calls of the same model: the call it
times is warm, so the name does not make it a cold-start measurement on purpose; without a synchronize it measures
the launch."""

import time

import torch
import torchvision

net = torchvision.models.resnet18().cuda().eval()
batch = torch.randn(16, 3, 224, 224).cuda()

with torch.no_grad():
    for _ in range(5):
        net(batch)
    t0 = time.time()
    net(batch)
    first_batch_s = time.time() - t0  # expect: WP102
    torch.cuda.synchronize()
    t0 = time.time()
    for _ in range(50):
        net(batch)
    torch.cuda.synchronize()
    steady_s = (time.time() - t0) / 50
print(first_batch_s, steady_s)
