"""The near misses of `device_loop_cold_gpu_bad.py`: the GPU ran the same op before the loop over devices (a
warm-up product on GPU tensors), or the helper runs its op once untimed on each device before timing it."""
import time

import torch


def bench(device, n=2048):
    x = torch.rand(n, n, device=device)
    t0 = time.perf_counter()
    y = x @ x
    if device == "cuda":
        torch.cuda.synchronize()
    return time.perf_counter() - t0, y


def conv_time(device):
    conv = torch.nn.Conv2d(3, 16, 3).to(device)
    img = torch.randn(8, 3, 128, 128, device=device)
    conv(img)
    start = time.perf_counter()
    conv(img)
    torch.cuda.synchronize(device) if device.type == "cuda" else None
    return time.perf_counter() - start


z = torch.rand(2048, 2048, device="cuda")
z @ z
for dev in ["cpu", "cuda"]:
    print(dev, bench(dev)[0])

for d in (torch.device("cpu"), torch.device("cuda")):
    print(d, conv_time(d))
