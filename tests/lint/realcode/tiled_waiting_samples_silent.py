"""Twenty-third session (tiled) near miss: one host-clock sample per image, the samples tile the loop (nothing
runs on the GPU between one sample's end read and the next one's start read), and each sample begins with a
blocking copy of a host array (`torch.from_numpy(a).cuda()`: torch synchronizes the stream after a copy from host
memory), which waits for the previous image's forward. Each sample is one full period of the loop; only the last
image's tail is missed. Weak (`extra`); so is a training loop whose sample copies its host batch before the forward,"""
import time

import numpy as np
import torch
from torch import nn

model = nn.Conv2d(3, 16, 3).cuda().eval()
model(torch.rand(1, 3, 224, 224, device="cuda"))  # warm-up
images = [np.random.rand(3, 224, 224).astype(np.float32) for _ in range(8)]

times = []
with torch.no_grad():
    for img in images:
        t0 = time.time()
        x = torch.from_numpy(np.ascontiguousarray(img)).cuda()
        y = model(x.unsqueeze(0))
        times.append(time.time() - t0)  # expect-extra: WP102
print("mean ms", 1000 * sum(times) / len(times), "min", min(times), "max", max(times), "all", times)

opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [np.random.rand(4, 3, 32, 32).astype(np.float32) for _ in range(8)]
for step in range(500):
    start = time.perf_counter()
    xb = torch.from_numpy(batches[step % 8]).cuda()
    out = model(xb)
    loss = out.float().pow(2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    print("step s", time.perf_counter() - start)  # expect-extra: WP102

