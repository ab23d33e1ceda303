"""Set 60 (lint80), the correct neighbours of `first_window_compiled_bad.py`: the compiled model called once before
the window opens; the first window left out of the report (`if step > every:` around the print); the first window
labelled as compile time; and a model that is not compiled (a run's first window: not WP112's business)."""
import time

import torch

net = torch.compile(torch.nn.Linear(1024, 1024).cuda())
opt = torch.optim.AdamW(net.parameters())
every = 50
net(torch.randn(64, 1024, device="cuda")).sum().backward()
opt.zero_grad()
t0 = time.perf_counter()
for step in range(1, 2001):
    x = torch.randn(64, 1024, device="cuda")
    loss = net(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    if step % every == 0:
        torch.cuda.synchronize()
        print(f"step {step}: {every * 64 / (time.perf_counter() - t0):.0f} samples/s")
        t0 = time.perf_counter()

fresh = torch.compile(torch.nn.Linear(1024, 1024).cuda())
t0 = time.perf_counter()
for step in range(1, 2001):
    fresh(torch.randn(64, 1024, device="cuda")).sum().backward()
    if step % every == 0:
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        if step > every:
            print(f"step {step}: {every * 64 / dt:.0f} samples/s")
        t0 = time.perf_counter()

other = torch.compile(torch.nn.Linear(1024, 1024).cuda())
t0 = time.perf_counter()
for step in range(1, 2001):
    other(torch.randn(64, 1024, device="cuda")).sum().backward()
    if step % every == 0:
        torch.cuda.synchronize()
        print(f"window {step} (compile time included in the first): {time.perf_counter() - t0:.2f}")
        t0 = time.perf_counter()

plain = torch.nn.Linear(1024, 1024).cuda()
t0 = time.perf_counter()
for step in range(1, 2001):
    plain(torch.randn(64, 1024, device="cuda")).sum().backward()
    if step % every == 0:
        torch.cuda.synchronize()
        print(f"step {step}: {every * 64 / (time.perf_counter() - t0):.0f} samples/s")
        t0 = time.perf_counter()
