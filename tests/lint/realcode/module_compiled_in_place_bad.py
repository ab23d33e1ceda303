"""WP112: a model compiled in place with the method form `model.compile(...)` (nn.Module.compile wraps its forward
in torch.compile) and timed on its first call: with CUDA events, with a synchronized host clock, inside a function."""
import time

import torch

net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU()).cuda()
net.compile(mode="max-autotune")
x = torch.randn(64, 512, device="cuda")
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
start.record()
y = net(x)  # expect: WP112
end.record()
torch.cuda.synchronize()
print(start.elapsed_time(end), "ms")

enc = torch.nn.Linear(512, 256).cuda()
enc.compile()
torch.cuda.synchronize()
t0 = time.perf_counter()
z = enc(x)  # expect: WP112
torch.cuda.synchronize()
print(time.perf_counter() - t0, "s")


def bench():
    head = torch.nn.Linear(256, 10).cuda()
    head.compile(fullgraph=True, dynamic=False)
    h = torch.randn(64, 256, device="cuda")
    torch.cuda.synchronize()
    t1 = time.perf_counter()
    head(h)  # expect: WP112
    torch.cuda.synchronize()
    return time.perf_counter() - t1
