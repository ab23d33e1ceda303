"""Near miss of first_batch_after_warmup_bad.py: the model is compiled after the eager warm-up, so the call named
first is the compiled object's cold first call, timed on purpose (compilation is host work that returns when done)."""

import time

import torch
import torchvision

net = torchvision.models.resnet18().cuda().eval()
batch = torch.randn(16, 3, 224, 224).cuda()

with torch.no_grad():
    for _ in range(5):
        net(batch)
    net = torch.compile(net)
    t0 = time.time()
    net(batch)
    first_call_s = time.time() - t0
    torch.cuda.synchronize()
    t0 = time.time()
    for _ in range(50):
        net(batch)
    torch.cuda.synchronize()
    steady_s = (time.time() - t0) / 50
print(first_call_s, steady_s)
