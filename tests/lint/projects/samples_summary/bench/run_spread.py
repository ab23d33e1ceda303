"""The same samples handed to the project's helper that reports their spread."""
import time

import torch

import summary

x = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    x @ x
torch.cuda.synchronize()
lat = []
for _ in range(25):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    x @ x
    torch.cuda.synchronize()
    lat.append(time.perf_counter() - t0)
summary.describe(lat, "matmul")
