"""Fifteenth session (lint91, set 79 class), the reported side: the traced module is handed GPU tensors
(`tokens.cuda()`) and its first call is one of the averaged samples."""
from time import perf_counter

import numpy as np
import torch
from torch import nn


def timer(f, *args):
    start = perf_counter()
    f(*args)  # expect: WP103
    torch.cuda.synchronize()
    return 1000 * (perf_counter() - start)


net = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 8)).eval().cuda()
tokens = torch.rand(16, 64)

traced_gpu = torch.jit.trace(net, [tokens.cuda()])
print("gpu", np.mean([timer(traced_gpu, tokens.cuda()) for _ in range(100)]))  # expect: WP112
