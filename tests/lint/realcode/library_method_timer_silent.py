"""Sets 50-53 class, silent near-misses: a library timer started and stopped around GPU work with a synchronize
before the stop, around host work only, a timer whose call names the device (`Timer(sync=True)`, `CudaTimer`: it may
wait itself)."""

import numpy as np
import torch
from book import torchlib as book

import gputools

x = torch.randn(4096, 4096, device="cuda")
torch.matmul(x, x)

timer = book.Timer()
timer.start()
torch.matmul(x, x)
torch.cuda.synchronize()
timer.stop()

timer = book.Timer()
timer.start()
a = np.random.normal(size=(512, 512))
np.dot(a, a)
timer.stop()

synced = book.Timer(sync=True)
synced.start()
torch.matmul(x, x)
synced.stop()

cuda_timer = gputools.CudaTimer()
cuda_timer.start()
torch.matmul(x, x)
cuda_timer.stop()

from megatron.core.timers import Timer  # noqa: E402  (its start() and stop() synchronize the device)

fwd = Timer("fwd")
fwd.start()
torch.matmul(x, x)
fwd.stop()
