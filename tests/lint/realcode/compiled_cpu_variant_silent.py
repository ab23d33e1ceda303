"""Fifteenth session (lint91, set 79 class), the silent side of WP112: a TorchScript module traced from CPU tensors and
handed to the timing helper with those CPU tensors (`timer(traced, tokens)`) runs on the CPU, the CPU row of a CPU vs
GPU comparison whose GPU row warms up first; and a program that does no GPU work at all (no device anywhere) is
not linted for its compiles."""
from time import perf_counter

import numpy as np
import torch
from torch import nn


def timer(f, *args):
    start = perf_counter()
    f(*args)
    if torch.cuda.is_available():
        torch.cuda.synchronize()
    return 1000 * (perf_counter() - start)


net = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 8)).eval()
tokens = torch.rand(16, 64)

traced = torch.jit.trace(net, [tokens])
print("cpu", np.mean([timer(traced, tokens) for _ in range(100)]))

traced_gpu = torch.jit.trace(net.cuda(), [tokens.cuda()])
traced_gpu(tokens.cuda())
torch.cuda.synchronize()
print("gpu", np.mean([timer(traced_gpu, tokens.cuda()) for _ in range(100)]))
