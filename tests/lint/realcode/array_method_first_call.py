"""A region whose only GPU work is a method of a GPU tensor that launches a kernel (`x.clone()`: a copy kernel and a
new allocation), timed once with nothing of the kind run before: its first call, timed (twentieth session, set 87).
The strided copy timed next (`x[::2].clone()`) runs the same method again: not reported."""
import time

import torch

x = torch.randn(1_000_000, device="cuda")
torch.cuda.synchronize()
start = time.perf_counter()
y1 = x.clone()  # expect: WP103
torch.cuda.synchronize()
coalesced = (time.perf_counter() - start) * 1000

torch.cuda.synchronize()
start = time.perf_counter()
y2 = x[::2].clone()
torch.cuda.synchronize()
strided = (time.perf_counter() - start) * 1000
print(f"coalesced {coalesced:.3f} ms, strided {strided:.3f} ms")
