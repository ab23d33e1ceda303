"""Fifteenth session (lint89), the silent side: a synchronize under a switch that is on unless turned off
(`default=True`, `if not args.no_sync:`), under a switch's `else`, or under `device == "cuda"` where the name is
never an indexed CUDA device (`"cuda"` or `"cpu"`): the default run waits before the end reading."""
import argparse
import time

import torch


p = argparse.ArgumentParser()
p.add_argument("--size", type=int, default=1 << 20)
p.add_argument("--sync", default=True, action="store_true")
p.add_argument("--no-sync", action="store_true")
p.add_argument("--skip", action="store_true")
args = p.parse_args()
x = torch.rand(args.size, device="cuda")
torch.cuda.synchronize()
for _ in range(10):
    t0 = time.perf_counter()
    y = torch.sin(x) * 2
    z = y.cumsum(0)
    if args.sync:
        torch.cuda.synchronize()
    dt = time.perf_counter() - t0
    print(f"{dt * 1e6:.1f} us")

for _ in range(10):
    t0 = time.perf_counter()
    y = torch.sin(x) * 2
    z = y.cumsum(0)
    if not args.no_sync:
        torch.cuda.synchronize()
    dt = time.perf_counter() - t0
    print(f"{dt * 1e6:.1f} us")

for _ in range(10):
    t0 = time.perf_counter()
    y = torch.sin(x) * 2
    z = y.cumsum(0)
    if args.skip:
        pass
    else:
        torch.cuda.synchronize()
    dt = time.perf_counter() - t0
    print(f"{dt * 1e6:.1f} us")

device = "cuda" if torch.cuda.is_available() else "cpu"
model = torch.nn.Linear(512, 512).to(device)
data = torch.randn(64, 512, device=device)
for step in range(20):
    t0 = time.time()
    out = model(data)
    if device == "cuda":
        torch.cuda.synchronize()
    t1 = time.time()
    print(f"step {step}: {(t1 - t0) * 1e3:.2f} ms")
