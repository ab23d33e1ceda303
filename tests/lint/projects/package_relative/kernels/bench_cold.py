"""A module of the package times the first call of a helper of the package (`from .ops import ...`): the inputs
are CPU tensors, but the helper moves them to the GPU itself, so its first cuBLAS call is timed cold."""
import time

import torch

from .ops import matmul_on_device, settle

x = torch.rand(1024, 1024)
w = torch.rand(1024, 1024)
t0 = time.perf_counter()
y = matmul_on_device(x, w)  # expect: WP103
settle()
print(f"{(time.perf_counter() - t0) * 1e3:.2f} ms")
