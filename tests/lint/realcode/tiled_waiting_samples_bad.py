"""Twenty-third session (tiled): per-iteration samples that stay reported beside the tiled, waiting ones of
tiled_waiting_samples_silent.py: the copy runs before the start read (the sample holds only the launch of the
forward, set 79), GPU work queued after the end read (the next sample's copy waits for it outside the previous
sample), a loop over a loader (its fetch between two samples overlaps the previous step's tail, untimed: set
91), a sweep over written-out sizes (each sample is its own size's figure, set 84), a loop of five passes (the
last sample's tail is a fifth of the figure), a copy under a test, windows of steps that never wait, a wait after the end read (`y.cpu()`: the tail is
drained outside every sample). WP102."""
import time

import numpy as np
import torch
from torch import nn

model = nn.Conv2d(3, 16, 3).cuda().eval()
model(torch.rand(1, 3, 224, 224, device="cuda"))  # warm-up
images = [np.random.rand(3, 224, 224).astype(np.float32) for _ in range(8)]

with torch.no_grad():
    for img in images:
        x = torch.from_numpy(img).cuda()
        t0 = time.time()
        y = model(x.unsqueeze(0))
        print("copied before", time.time() - t0)  # expect: WP102

    for img in images:
        t0 = time.time()
        x = torch.from_numpy(img).cuda()
        y = model(x.unsqueeze(0))
        print("work after", time.time() - t0)  # expect: WP102
        z = model(y[:, :3])

    for i in range(5):
        t0 = time.time()
        x = torch.from_numpy(images[i]).cuda()
        y = model(x.unsqueeze(0))
        print("five", time.time() - t0)  # expect: WP102

    for i, img in enumerate(images):
        t0 = time.time()
        if i % 2:
            x = torch.from_numpy(img).cuda()
        y = model(x.unsqueeze(0))
        print("sometimes", time.time() - t0)  # expect: WP102

loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.rand(64, 3, 32, 32)), batch_size=8)
with torch.no_grad():
    for (batch,) in loader:
        t0 = time.time()
        x = batch.cuda()
        y = model(x)
        print("loader", time.time() - t0)  # expect: WP102

sizes = [i for i in range(32, 4096) if i % 32 == 0]
per_size = []
with torch.no_grad():
    for n in sizes:
        t0 = time.time()
        x = torch.rand(n, 3, 32, 32).cuda()  # expect: WP104
        y = model(x)
        per_size.append(time.time() - t0)  # expect: WP102
print("per size", list(zip(sizes, per_size)))

# windows whose steps never wait: each window holds launches (the queue's depth decides what it measures)
x = torch.rand(8, 3, 32, 32, device="cuda")
t0 = time.time()
for step in range(1000):
    y = model(x).float().mean()
    if step % 100 == 99:
        print("window", time.time() - t0)  # expect: WP102
        t0 = time.time()

host_frames = []
with torch.no_grad():
    for img in images:
        t0 = time.time()
        x = torch.from_numpy(img).cuda()
        y = model(x.unsqueeze(0))
        took = time.time() - t0  # expect: WP102
        host_frames.append(y.cpu().numpy())
        print("drained after", took)
