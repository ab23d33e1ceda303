"""WP103 recall (ninth session, lint43): a loop over written-out devices (`for dev in ["cpu", "cuda"]:`) runs the
same timed code once per device; the CPU pass warms nothing on the GPU, so the GPU pass times the first GPU call
(a helper handed the device, `torch.device` objects, the code inline in the loop)."""
import time

import torch


def bench(device, n=2048):
    x = torch.rand(n, n, device=device)
    t0 = time.perf_counter()
    y = x @ x  # expect: WP103
    if device == "cuda":
        torch.cuda.synchronize()
    return time.perf_counter() - t0, y


def conv_time(device):
    conv = torch.nn.Conv2d(3, 16, 3).to(device)
    img = torch.randn(8, 3, 128, 128, device=device)
    start = time.perf_counter()
    conv(img)  # expect: WP103
    torch.cuda.synchronize(device) if device.type == "cuda" else None
    return time.perf_counter() - start


for dev in ["cpu", "cuda"]:
    print(dev, bench(dev)[0])

for d in (torch.device("cpu"), torch.device("cuda")):
    print(d, conv_time(d))
