"""Near miss of few_repeats_backward_bad.py: the repeated step updates the weights (an optimizer step in the
step function), so the clock holds a training run's wall time, not an op benchmark."""
import time

import torch
from torch import nn


def train_step(x, grad, layer, opt):
    out = layer(x)
    out.backward(grad)
    opt.step()


def bench(n):
    layer = nn.Linear(n, n).to("cuda")
    opt = torch.optim.SGD(layer.parameters(), lr=0.1)
    x = torch.randn(64, n, device="cuda")
    grad = torch.randn(64, n, device="cuda")
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(10):
        train_step(x, grad, layer, opt)
    torch.cuda.synchronize()
    print(n, time.perf_counter() - start)


for n in (256, 1024):
    bench(n)
