"""Set 20 class: the device is chosen among CUDA, another backend and the CPU (`"cuda" if cuda available else "mps"
if mps available else "cpu"`). With CUDA among the choices the script is written for the GPU: work moved there is
GPU work, and a synchronize inside the region BEFORE that work does not make the end read wait for it. A chooser
without CUDA among its choices ("mps" or "cpu") is not taken for the GPU."""
import time

import torch

dev = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
host_or_mps = "mps" if torch.backends.mps.is_available() else "cpu"

a = torch.ones(2000, 2000)
begin = time.time()
for _ in range(1000):
    a += a
print("cpu s:", time.time() - begin)

begin = time.time()
torch.cuda.synchronize()
b = torch.ones(2000, 2000).to(dev)
for _ in range(1000):
    b += b
print("gpu s:", time.time() - begin)  # expect: WP102

c = torch.ones(2000, 2000).to(dev)
c += c
begin = time.time()
for _ in range(1000):
    c += c
torch.cuda.synchronize()
print("gpu synced s:", time.time() - begin)

m = torch.ones(2000, 2000).to(host_or_mps)
begin = time.time()
for _ in range(1000):
    m += m
print("mps or cpu s:", time.time() - begin)
