# no timeit.py in this folder: the standard library's timeit reads a host clock with no synchronize
import timeit

import torch

x = torch.randn(4096, 4096, device="cuda")
x @ x
print("matmul:", timeit.timeit(lambda: x @ x, number=20))  # expect: WP102
