"""Sixth session: a module built, moved to the GPU and put in eval mode in one chain runs its submodules on the GPU
(`model.encoder(x)`, reported without a synchronize); an elementwise comparison of a GPU tensor assigned to a mask
is a kernel (reported); the same comparison deciding an `if` waits for the device (silent)."""

import time

import torch
from visionlib import build, load_batch

model = build("vit").cuda().eval()
x = load_batch()
model.encoder(x)
torch.cuda.synchronize()
t = time.perf_counter()
y = model.encoder(x)
print(time.perf_counter() - t)  # expect: WP102

v = torch.randn(1 << 24, device="cuda")
mask = v > 0
torch.cuda.synchronize()
t = time.perf_counter()
mask = v > 0
print(time.perf_counter() - t)  # expect: WP102

t = time.perf_counter()
if (v > 3).any():
    print("outlier")
print(time.perf_counter() - t)
