"""Near miss of ``array_method_first_call.py``: the same copy timed after an untimed `x.clone()` (the warm-up), and a
host array's method (`a.copy()` of NumPy) timed alone: no cold GPU call."""
import time

import numpy as np
import torch

x = torch.randn(1_000_000, device="cuda")
x.clone()
torch.cuda.synchronize()
start = time.perf_counter()
y1 = x.clone()
torch.cuda.synchronize()
print(f"clone {(time.perf_counter() - start) * 1000:.3f} ms")

a = np.ones(1_000_000)
start = time.perf_counter()
b = a.copy()
print(f"numpy copy {(time.perf_counter() - start) * 1000:.3f} ms")
