"""No WP112 (nor WP103): a model compiled in place (`model.compile(...)`) and called once before its timed call, and
a Keras-style `model.compile(optimizer=..., loss=...)` (not torch.compile) on a model warmed up before."""
import time

import torch

net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU()).cuda()
net.compile(mode="max-autotune")
x = torch.randn(64, 512, device="cuda")
net(x)  # compiles
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
start.record()
y = net(x)
end.record()
torch.cuda.synchronize()
print(start.elapsed_time(end), "ms")


def keras_like(model, data):
    model = model.cuda()
    model(data)
    model.compile(optimizer="adam", loss="mse")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    model(data)
    torch.cuda.synchronize()
    return time.perf_counter() - t0
