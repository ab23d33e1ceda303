"""An allocation inside a timed region that the region itself never reads (WP104, default part): the gradient for
the backward pass drawn inside the forward's events is paid for by the forward's number. Silent: an allocation
that is what the region measures, a buffer reset read only by the next iteration, a value never read at all."""
import time

import cupy as cp
import torch

q = torch.randn(8, 16, 1024, 64, device="cuda", requires_grad=True)
start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
fwd, bwd = [], []
for _ in range(50):
    q.grad = None
    start.record()
    do = torch.randn_like(q)  # expect: WP104
    out = torch.softmax(q @ q.transpose(-2, -1), dim=-1) @ q
    end.record()
    torch.cuda.synchronize()
    fwd.append(start.elapsed_time(end))
    start.record()
    out.backward(do)
    end.record()
    torch.cuda.synchronize()
    bwd.append(start.elapsed_time(end))
print(sorted(fwd)[25], sorted(bwd)[25])

# silent: the allocation is the measured operation
s = time.perf_counter()
a = cp.ones((1000, 1000, 100))
cp.cuda.Stream.null.synchronize()
print("create", time.perf_counter() - s)
print(float(a.sum()))

# silent: a counter reset inside a phase timer, read by the next iteration only
nans = torch.zeros(4, device="cuda")
for step in range(100):
    nans += torch.isnan(q).sum()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    print(step, nans.tolist())
    nans = torch.zeros(4, device="cuda")
    torch.cuda.synchronize()
    print("log", time.perf_counter() - t0)
