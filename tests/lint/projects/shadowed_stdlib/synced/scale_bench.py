# the folder's own timeit.py (synchronizing around each run) is imported, not the standard library's
from timeit import timeit

import torch

x = torch.randn(4096, 4096, device="cuda")
timeit(lambda: x @ x, runs=3)
print("matmul:", timeit(lambda: x @ x, runs=20))
