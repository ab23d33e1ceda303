"""An extension built by the project's setup.py (csrc/): `forward` waits for the device in its C++ source
(cudaDeviceSynchronize after the launch), so the host interval around it covers the work; `forward_async` returns
after the launch, so the interval around it measures the launch."""
import time

import torch

import edge_ext

img = torch.rand(2048, 2048, device="cuda")
for _ in range(3):
    edge_ext.forward(img)
    edge_ext.forward_async(img)
torch.cuda.synchronize()

t0 = time.perf_counter()
out = edge_ext.forward(img)
print(f"filter {time.perf_counter() - t0:.6f} s")

t1 = time.perf_counter()
out = edge_ext.forward_async(img)
print(f"filter (async) {time.perf_counter() - t1:.6f} s")  # expect: WP102
