"""A decode-size linear layer (5 rows into 1024 x 2048, about 10 M multiply-adds: microseconds) timed one call at a
time, synchronized before and after each call (WP101): every sample is the launch and the synchronize round trip,
not the matmul. The clock is only read after the warm-up iterations (`if i >= warm:`). The near miss,
`small_linear_synced_silent.py`, times a layer of seconds' worth of rows the same way."""
import time

import numpy as np
import torch
import torch.nn as nn

rows, k, n = 5, 1024, 2048
x = torch.randn(rows, k, device="cuda", dtype=torch.float16)
base = nn.Linear(k, n, bias=False, device="cuda").eval()
half_linear = base.half()

iters, warm = 200, 20
lat_ms = []
for i in range(iters):
    if i >= warm:
        torch.cuda.synchronize()
        t0 = time.perf_counter()
    half_linear(x)
    if i >= warm:
        torch.cuda.synchronize()  # expect: WP101
        lat_ms.append((time.perf_counter() - t0) * 1e3)
print("fp16 linear median ms", np.median(lat_ms))
