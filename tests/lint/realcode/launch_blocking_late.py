"""`CUDA_LAUNCH_BLOCKING=1` set after the GPU was first used has no effect (the setting is read when CUDA
starts): the unsynchronized host clock is still WP102."""

import os
import time

import torch

x = torch.randn(4096, 4096, device="cuda")
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
x @ x
t0 = time.perf_counter()
y = x @ x
print("ms", (time.perf_counter() - t0) * 1e3)  # expect: WP102
