"""Twentieth session (syncrecall, set 86) near miss: every pass of the timed loop copies a CPU tensor to the GPU
(`memory.to(device)`, a blocking copy that waits for the previous pass's work) before the forward pass, inside an
interval read after the loop: the end read misses one pass of many. Weak (`extra`)."""
import timeit

import torch
from torch import nn


def bench(dim, iters=100, warmup=10, device="cuda"):
    layer = nn.Bilinear(dim, dim, dim).to(device)
    x = torch.rand(64, dim).to(device)
    memory = torch.rand(64, dim)
    for i in range(iters + warmup):
        if i == warmup:
            t0 = timeit.default_timer()
        out = layer.forward(x, memory.to(device))
    t1 = timeit.default_timer()  # expect-extra: WP102
    return t1 - t0


print(bench(256))
