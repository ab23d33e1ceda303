"""`t.pin_memory()` pins through the CUDA driver's host allocator, which initializes CUDA (the context) on first use:
timed as the program's first CUDA call, the figure is mostly context creation (gpuwork session)."""
import time

import torch

a = torch.rand((1024, 1024))
start = time.time()
pinned = a.pin_memory()  # expect: WP103
print("pin time", time.time() - start)

torch.cuda.synchronize()
start = time.time()
on_gpu = pinned.to("cuda", non_blocking=True)
torch.cuda.synchronize()
print("copy time", time.time() - start)
