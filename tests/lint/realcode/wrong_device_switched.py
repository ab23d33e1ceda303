"""Set 17 class, near miss: the same timing of work on cuda:1 with `torch.cuda.synchronize()` and events, but the
file makes that device current first (`torch.cuda.set_device`): the synchronize and the events act on it (silent)."""

import time

import torch

torch.cuda.set_device(1)
a = torch.randn(4096, 4096, device="cuda:1")
torch.mm(a, a)
torch.cuda.synchronize()
t0 = time.time()
torch.mm(a, a)
torch.cuda.synchronize()
print(time.time() - t0)

start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
start.record()
torch.mm(a, a)
end.record()
end.synchronize()
print(start.elapsed_time(end))
