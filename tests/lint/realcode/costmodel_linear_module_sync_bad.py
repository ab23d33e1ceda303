# A small nn.Linear (64 x 128 input, 128 -> 10) timed call by call with a synchronize in every iteration: the cost
# model sizes the layer (64 * 128 * 10 multiply-adds, well under a microsecond of GPU work), so each sample is the
# launch and the synchronize round trip, not the layer.
import time

import torch
import torch.nn as nn


def bench(device):
    layer = nn.Linear(128, 10).to(device)
    warm = torch.rand(size=(64, 128)).to(device)
    for _ in range(10):
        layer(warm)
    samples = []
    for _ in range(200):
        x = torch.rand(size=(64, 128)).to(device)
        t0 = time.perf_counter()
        y = layer(x)
        torch.cuda.synchronize()  # expect: WP101
        samples.append(time.perf_counter() - t0)
    print(f"linear: median {sorted(samples)[100] * 1e6:.1f} us, min {min(samples) * 1e6:.1f} us")


bench(torch.device("cuda"))
