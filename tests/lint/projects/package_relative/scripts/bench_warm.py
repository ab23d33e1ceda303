"""A script beside the package (run from the checkout's root) imports through the package's __init__ and through
`import pkg.mod as m`: warmed up, synchronized by the package's helper, averaged over a loop. Silent."""
import time

import torch

import kernels.ops as ops
from kernels import matmul_on_device

x = torch.rand(1024, 1024)
w = torch.rand(1024, 1024)
for _ in range(3):
    matmul_on_device(x, w)
ops.settle()
t0 = time.perf_counter()
for _ in range(10):
    y = matmul_on_device(x, w)
ops.settle()
print((time.perf_counter() - t0) / 10)
