"""Near misses of the per-step copy class (rules/_step_copies.py), still reported: the step also waits outside
the interval (a metric fed the step's results, a loss read on the host), so the next step's copy finds nothing
queued and the interval holds the launches alone; or the step waits only on some steps."""

import time

import torch
import torch.nn as nn

device = "cuda"
net = nn.Linear(1024, 1024).to(device)
batches = [torch.randn(128, 1024) for _ in range(200)]
tally = []


def record(scores):
    tally.append(scores)


lat = []
for xb in batches:
    t0 = time.perf_counter()
    xb = xb.to(device)
    scores = net(xb).softmax(-1)
    lat.append(time.perf_counter() - t0)  # expect: WP102
    record(scores)  # handed to a function that may wait: the copy of the next step finds nothing queued

losses = []
for xb in batches:
    t0 = time.perf_counter()
    xb = xb.to(device)
    out = net(xb).square().mean()
    lat.append(time.perf_counter() - t0)  # expect: WP102
    losses.append(out.item())  # waits every step, after the end read

for i, xb in enumerate(batches):
    t0 = time.perf_counter()
    y = net(torch.ones(8, 1024, device=device))
    if i % 10 == 0:
        print(y.norm().item())  # a wait on one step in ten: the other steps' intervals are the launches  # expect: WP114
    z = net(y)
    lat.append(time.perf_counter() - t0)  # expect: WP102

state = torch.zeros(1, 1024, device=device)
clock0 = time.time()
n = 0
while n < 10_000:
    n += 1
    state = net(state).tanh()  # GPU work of the step before its copy: that copy waits for it, not for the last step
    xb = torch.randn(1, 1024).to(device)
    state = state + net(xb)
    if n % 100 == 0:
        print("steps/s", n / (time.time() - clock0))  # expect: WP102
