"""Warm-ups that run the model's forward only, before timed training steps (sets 30, 37, 42): the first backward
(autograd's start-up, the backward kernels, cuDNN's backward algorithms, the optimizer's state) is timed. Three
shapes: a no-grad forward before a timed loop of steps, an unmarked `_ = net(x)` before a loop whose count the
caller gives, a model rebuilt per configuration with its own no-grad forward before one timed forward-backward. The
readers call these borderline (a cold start amortized over many steps, or a first backward printed as such): weak,
shown with `extra`; the first shape is also the older finder's (a literal count of full steps): reported."""

import time

import torch
from torch import nn


enc = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10)).cuda()
adamw = torch.optim.AdamW(enc.parameters())
imgs = torch.randn(8, 3, 32, 32, device="cuda")
tags = torch.randint(0, 10, (8,), device="cuda")
with torch.no_grad():
    enc(imgs)
torch.cuda.synchronize()
t_start = time.perf_counter()
for _ in range(20):
    adamw.zero_grad()
    nn.functional.cross_entropy(enc(imgs), tags).backward()  # expect: WP103
    adamw.step()
torch.cuda.synchronize()
print("ms per step", (time.perf_counter() - t_start) / 20 * 1e3)


def train_speed(width, steps):
    net = nn.Linear(width, width).cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    x = torch.randn(64, width, device="cuda")
    _ = net(x)
    t0 = time.time()
    for _ in range(steps):
        opt.zero_grad()
        net(x).square().mean().backward()  # expect-extra: WP103
        opt.step()
    torch.cuda.synchronize()
    print(width, "train s", time.time() - t0)


train_speed(1024, 250)

for depth in (2, 4, 8):
    stack = nn.Sequential(*[nn.Linear(256, 256) for _ in range(depth)]).to("cuda")
    probe = torch.randn(32, 256, device="cuda")
    with torch.no_grad():
        stack(probe)
    ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ev0.record()
    out = stack(probe)
    out.sum().backward()  # expect-extra: WP103
    ev1.record()
    torch.cuda.synchronize()
    print(depth, "fwd+bwd ms", ev0.elapsed_time(ev1))
