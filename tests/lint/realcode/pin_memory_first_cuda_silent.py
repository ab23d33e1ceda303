"""Near miss of `pin_memory_first_cuda_bad.py`: the CUDA context exists before the pinning is timed (a tensor made
on the GPU first), so the interval holds the pinning only (gpuwork session)."""
import time

import torch

torch.zeros(1, device="cuda")
torch.cuda.synchronize()
a = torch.rand((1024, 1024))
start = time.time()
pinned = a.pin_memory()
print("pin time", time.time() - start)
