"""A CPU benchmark whose tensors are drawn on the GPU and brought back (`torch.randn(..., device="cuda").to("cpu")`),
cast with a dtype kept in a variable (`x.to(compute_dtype)`), and whose layers sit in a list the file builds
(`layers[i](x)`): all host work, so an unsynchronized host clock is right (silent). The same loop over GPU tensors
and GPU layers kept in a list is a real WP102."""

import time

import torch

compute_dtype = torch.float32
if torch.__version__ >= "2":
    compute_dtype = torch.bfloat16

weights = []
layers = []
for _ in range(4):
    w = torch.randn(1024, 1024, device="cuda").to("cpu").contiguous()
    weights.append(w.to(compute_dtype))
    layers.append(torch.nn.Linear(1024, 1024))
x = torch.randn(8, 1024, device="cuda").to("cpu")

for i in range(10):
    torch.mm(x.to(compute_dtype), weights[i % 4].t())
t0 = time.perf_counter()
for i in range(1000):
    y = torch.mm(x.to(compute_dtype), weights[i % 4].t())
    z = layers[i % 4](x)
print("cpu", time.perf_counter() - t0)

gpu_layers = [torch.nn.Linear(1024, 1024).cuda() for _ in range(4)]
xg = torch.randn(8, 1024, device="cuda")
for i in range(10):
    gpu_layers[i % 4](xg)
t0 = time.perf_counter()
for i in range(1000):
    z = gpu_layers[i % 4](xg)
print("gpu", time.perf_counter() - t0)  # expect: WP102
