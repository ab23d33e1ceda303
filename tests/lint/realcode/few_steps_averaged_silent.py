"""Near misses of `few_steps_averaged_bad.py`: a step function of the file timed over thousands of steps (one cold
step among many), over a count the code does not give (a config value), after a warm-up step, and with the first
sample left out; a few-step loop's total shown as a run's wall time (not a rate); a per-step helper averaged over a
few steps after an untimed first call."""

import json
import time

import torch
from torch import nn

cfg = json.load(open("run.json"))
dev = torch.device("cuda")
feats = torch.randn(500, 32, device=dev)
target = torch.randint(0, 3, (500,), device=dev)
gcn = nn.Linear(32, 3).to(dev)
sgd = torch.optim.SGD(gcn.parameters(), lr=0.5)


def fit_once():
    sgd.zero_grad()
    err = nn.functional.cross_entropy(gcn(feats), target)
    err.backward()
    sgd.step()
    return err.item()


def long_run():
    total = 0.0
    for _ in range(5000):
        t0 = time.time()
        fit_once()
        total += time.time() - t0
    print(f"per step: {total / 5000:.5f}s")


def config_run():
    n = cfg["steps"]
    total = 0.0
    for _ in range(n):
        t0 = time.time()
        fit_once()
        total += time.time() - t0
    print(f"per step: {total / n:.5f}s")


def warmed_run():
    fit_once()
    total = 0.0
    for _ in range(20):
        t0 = time.time()
        fit_once()
        total += time.time() - t0
    print(f"per step: {total / 20:.5f}s")


def first_dropped():
    total = 0.0
    for i in range(20):
        t0 = time.time()
        fit_once()
        if i > 0:
            total += time.time() - t0
    print(f"per step: {total / 19:.5f}s")


def wall_time(steps: int):
    net = nn.Linear(512, 512).to(dev)
    opt = torch.optim.AdamW(net.parameters())
    x = torch.randn(16, 512, device=dev)
    start = time.time()
    for _ in range(steps):
        opt.zero_grad()
        net(x).pow(2).mean().backward()
        opt.step()
    torch.cuda.synchronize()
    print(f"training took {time.time() - start:.1f}s")


if __name__ == "__main__":
    long_run()
    config_run()
    warmed_run()
    first_dropped()
    wall_time(40)
