"""The near miss of `small_linear_synced_bad.py`: the same per-call synchronize around a linear layer fed 16384 rows
into 8192 x 8192 (about 1.1 T multiply-adds, milliseconds per call): a per-sample synchronize is the right way to get
per-call latency there. Silent."""
import time

import numpy as np
import torch
import torch.nn as nn

rows, k, n = 16384, 8192, 8192
x = torch.randn(rows, k, device="cuda", dtype=torch.float16)
base = nn.Linear(k, n, bias=False, device="cuda").eval()
half_linear = base.half()

iters, warm = 50, 5
lat_ms = []
for i in range(iters):
    if i >= warm:
        torch.cuda.synchronize()
        t0 = time.perf_counter()
    half_linear(x)
    if i >= warm:
        torch.cuda.synchronize()
        lat_ms.append((time.perf_counter() - t0) * 1e3)
print("fp16 linear median ms", np.median(lat_ms))
