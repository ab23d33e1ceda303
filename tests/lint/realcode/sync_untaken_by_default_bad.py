"""Fifteenth session (lint89, sets 72 and 76) class: the only synchronize of the timed step sits on a path the script as
written does not take: under a command-line switch that is off unless given (`action="store_true"`, with or without
`default=False`), or under `device == "cuda"` where the same name is `"cuda:N"` under DDP. The default run reads the
clock with the step still queued."""
import argparse
import os
import time

import torch


p = argparse.ArgumentParser()
p.add_argument("--size", type=int, default=1 << 20)
p.add_argument("--with-sync", default=False, action="store_true")
p.add_argument("--copy-back", action="store_true")
args = p.parse_args()
x = torch.rand(args.size, device="cuda")
host = torch.empty(args.size)
torch.cuda.synchronize()
for _ in range(10):
    t0 = time.perf_counter()
    y = torch.sin(x) * 2
    if args.copy_back:
        host.copy_(y)
    if args.with_sync:
        torch.cuda.synchronize()
    dt = time.perf_counter() - t0  # expect: WP102
    print(f"{dt * 1e6:.1f} us")

ddp = int(os.environ.get("RANK", -1)) != -1
if ddp:
    device = f"cuda:{os.environ['LOCAL_RANK']}"
else:
    device = "cuda"
model = torch.nn.Linear(512, 512).to(device)
data = torch.randn(64, 512, device=device)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(20):
    t0 = time.time()
    loss = model(data).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    if device == "cuda":
        torch.cuda.synchronize()
    t1 = time.time()  # expect: WP102
    print(f"step {step}: {(t1 - t0) * 1e3:.2f} ms")
