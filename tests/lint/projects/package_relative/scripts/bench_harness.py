"""A helper of the package that warms up, loops and synchronizes itself (a harness), timed as a whole from the
script: it runs its own warmup, as a helper of the same file would. Silent."""
import time

import torch

from kernels.ops import run_suite

x = torch.rand(1024, 1024, device="cuda")
w = torch.rand(1024, 1024, device="cuda")
t0 = time.perf_counter()
run_suite(x, w)
print(f"suite: {time.perf_counter() - t0:.3f} s")
