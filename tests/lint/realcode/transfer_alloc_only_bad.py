"""Fifteenth session (lint91, set 77 class), the reported side: beside the blocking copies the region fills its
buffer (`torch.zeros` launches a fill kernel), or the allocation sits beside an op on a tensor already on the GPU:
that work may still be queued when the clock is read."""
import time

import torch


def prepare(a, n):
    t0 = time.time()
    a_gpu = a.cuda()
    out = torch.zeros((n, n), device="cuda")
    t1 = time.time()  # expect: WP102
    print(f"transfer {t1 - t0:.4f}s")
    return a_gpu, out


def activate(x):
    x = x.cuda()
    torch.cuda.synchronize()
    t0 = time.time()
    y = torch.relu(x)
    out = torch.empty_like(y)  # expect: WP104
    t1 = time.time()  # expect: WP102
    print(f"relu {t1 - t0:.4f}s")
    return y, out
