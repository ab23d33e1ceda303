# `import timeit` of the same folder: its timeit() synchronizes
import timeit

import torch

y = torch.randn(8192, 8192, device="cuda")
timeit.timeit(lambda: y @ y, runs=3)
print("matmul:", timeit.timeit(lambda: y @ y, runs=20))
