"""A host-clock timing of CPU work in a script whose only accelerator is Apple's GPU: the tensors stay on the CPU
(`torch.rand` without a device), so nothing is queued and the reading is the work. Silent."""
import time

import torch

use_mps = torch.backends.mps.is_available()
device = "mps" if use_mps else "cpu"
print("would run on", device)

a = torch.rand(1024, 1024)
b = torch.rand(1024, 1024)
a @ b
start = time.perf_counter()
c = a @ b
print("CPU matmul:", time.perf_counter() - start)
