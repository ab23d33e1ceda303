"""WP105 still holds for a mean of the samples, however it is turned into a rate: the mean per frame
(`sum(ts) / len(ts)`), its reciprocal (`1 / (sum(ts) / len(ts))`), and `np.mean` inverted into a throughput."""
import time

import numpy as np
import torch

net = torch.nn.Conv2d(3, 16, 3).cuda().eval()
frames = [torch.randn(1, 3, 224, 224, device="cuda") for _ in range(64)]
net(frames[0])

per_frame = []
for f in frames:
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    net(f)
    torch.cuda.synchronize()
    per_frame.append(time.perf_counter() - t0)
print(f"{sum(per_frame) / len(per_frame) * 1e3:.2f} ms per frame")  # expect: WP105

steps = []
for f in frames:
    torch.cuda.synchronize()  # expect-extra: WP101
    t1 = time.perf_counter()
    net(f)
    torch.cuda.synchronize()
    steps.append(time.perf_counter() - t1)
print(f"{1 / (sum(steps) / len(steps)):.1f} FPS")  # expect: WP105

lat = []
for f in frames:
    torch.cuda.synchronize()  # expect-extra: WP101
    t2 = time.perf_counter()
    net(f)
    torch.cuda.synchronize()
    lat.append(time.perf_counter() - t2)
print("throughput", 1.0 / np.mean(lat))  # expect: WP105
