"""A host copy of a tensor the timed loop never changes (WP114, default part): a scale passed to the timed kernel as
`scale=s.item()` in a loop timed as a whole, a clamp bound read with `.item()` in every event-timed sample, and a
method reading `self.gain.item()` every step. Each copy waits for the previous iteration's GPU work, so the
iterations run one round trip apart. Not in the default part: the step's own loss printed every step (the opt-in
bookkeeping part, reported here because the test selects WP114 by code); silent: a copy under `if step % 50 == 0`,
and the scale read once before the loop."""
import statistics
import time

import torch


def scaled_add(x, y, scale):
    return x + y * scale


x = torch.randn(4096, 4096, device="cuda")
y = torch.randn(4096, 4096, device="cuda")
s = torch.rand((), device="cuda")
for _ in range(10):
    scaled_add(x, y, s.item())
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(200):
    scaled_add(x, y, scale=s.item())  # expect: WP114
torch.cuda.synchronize()
print("scaled add", (time.perf_counter() - t0) / 200)

threshold = torch.tensor(0.5, device="cuda")
ms = []
for _ in range(100):
    begin = torch.cuda.Event(enable_timing=True)
    finish = torch.cuda.Event(enable_timing=True)
    begin.record()
    out = torch.clamp(x @ y, max=threshold.item())  # expect: WP114
    finish.record()
    finish.synchronize()
    ms.append(begin.elapsed_time(finish))
print(statistics.median(ms), min(ms))


class Amplifier:
    def __init__(self):
        self.gain = torch.full((), 2.0, device="cuda")
        self.w = torch.randn(2048, 2048, device="cuda")

    def timed(self, z, steps=100):
        for _ in range(3):
            torch.tanh(z @ self.w)
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(steps):
            z = torch.tanh(z @ self.w) * self.gain.item()  # expect: WP114
        torch.cuda.synchronize()
        return (time.perf_counter() - start) / steps


print(Amplifier().timed(torch.randn(2048, 2048, device="cuda")))

model = torch.nn.Linear(4096, 4096).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
model(x).square().mean().backward()
opt.step()
opt.zero_grad()
torch.cuda.synchronize()
t1 = time.perf_counter()
for step in range(100):
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    print(step, loss.item())  # a training run's own loss read: part of the time it measures
    if step % 50 == 0:
        print("scale", s.item())
torch.cuda.synchronize()
print("train", time.perf_counter() - t1)

once = s.item()
torch.cuda.synchronize()
t2 = time.perf_counter()
for _ in range(200):
    scaled_add(x, y, once)
torch.cuda.synchronize()
print("hoisted", (time.perf_counter() - t2) / 200)
