"""The same host array copied to the device again in every timed iteration (WP104): a synthetic batch made once on
the host with NumPy, then `torch.from_numpy(...).cuda()` inside each timed training step, a host tensor drawn once
on the CPU and moved with `.to(device)` in every event-timed forward, and a harness callable that converts a NumPy
image with `torch.as_tensor(...)` and copies it in every sample. The data never changes, so each sample pays a
pageable host-to-device copy beside the step it means to time."""
import time

import numpy as np
import torch
import triton

device = torch.device("cuda")
net = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10)).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
loss_fn = torch.nn.CrossEntropyLoss()


def train_steps(n_steps):
    step_s = []
    for _ in range(n_steps):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        xb = torch.from_numpy(feats).cuda()  # expect: WP104
        yb = torch.from_numpy(labels).cuda()
        opt.zero_grad()
        loss = loss_fn(net(xb), yb)
        loss.backward()
        opt.step()
        torch.cuda.synchronize()
        step_s.append(time.perf_counter() - t0)
    return step_s


feats = np.random.rand(4096, 256).astype(np.float32)
labels = np.random.randint(0, 10, size=4096)
for _ in range(5):
    train_steps(1)
times = train_steps(100)
print("step median", sorted(times)[50], "p90", sorted(times)[90])

probe = torch.randn(2048, 256)
fwd_ms = []
with torch.no_grad():
    for _ in range(3):
        net(probe.to(device))
    for _ in range(50):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        out = net(probe.to(device))  # expect: WP104
        e.record()
        e.synchronize()
        fwd_ms.append(s.elapsed_time(e))
print("forward median", sorted(fwd_ms)[25], "min", min(fwd_ms))

frame = np.zeros((4096, 256), dtype=np.float32)
with torch.no_grad():
    print(triton.testing.do_bench(lambda: net(torch.as_tensor(frame).to(device)), quantiles=[0.5, 0.2, 0.8]))  # expect: WP104
