"""The per-run times come back from a helper of the project (bench/timing.py) and only their mean is printed."""
import numpy as np
import torch

from timing import time_calls

a = torch.randn(2048, 2048, device="cuda")
b = torch.randn(2048, 2048, device="cuda")
for _ in range(3):
    torch.mm(a, b)
mm_ms = time_calls(torch.mm, (a, b), repeats=20)
add_ms = time_calls(torch.add, (a, b), repeats=20)
print("mm", np.mean(mm_ms), "ms")  # expect: WP105
print(f"add {np.mean(add_ms):.3f} ms")  # expect: WP105
