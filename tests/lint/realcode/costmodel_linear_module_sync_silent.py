# The same per-call timing of an nn.Linear, but the layer is large (8192 x 8192 on 16384 rows: about a trillion
# multiply-adds, tens of milliseconds per call): the cost model sizes it long, and a synchronize per sample is the
# right way to get per-call latency.
import time

import torch
import torch.nn as nn


def bench(device):
    layer = nn.Linear(8192, 8192).to(device)
    warm = torch.rand(size=(16384, 8192)).to(device)
    for _ in range(10):
        layer(warm)
    samples = []
    for _ in range(200):
        x = torch.rand(size=(16384, 8192)).to(device)
        t0 = time.perf_counter()
        y = layer(x)
        torch.cuda.synchronize()
        samples.append(time.perf_counter() - t0)
    print(f"linear: median {sorted(samples)[100] * 1e3:.1f} ms, min {min(samples) * 1e3:.1f} ms")


bench(torch.device("cuda"))
