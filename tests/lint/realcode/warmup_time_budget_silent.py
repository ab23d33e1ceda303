"""Ninth session (after the final measurement, set 44): a host clock that only bounds a warm-up loop's duration
(`while clock() - t0 < seconds`, `if clock() - t0 > seconds: break`, also joined with an iteration cap) reports
no interval: the samples are taken afterwards, synchronized. Silent."""
import time

import torch

net = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.GELU(), torch.nn.Linear(2048, 2048)).cuda()
x = torch.randn(256, 2048, device="cuda")


def warm_for(seconds):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        net(x)
    torch.cuda.synchronize()


def warm_until(seconds):
    began = time.time()
    while True:
        with torch.no_grad():
            net(x)
        if time.time() - began > seconds:
            break
    torch.cuda.synchronize()


def warm_capped(seconds, cap=500):
    start = time.monotonic()
    for i in range(cap):
        net(x)
        if i > 10 and time.monotonic() - start >= seconds:
            break
    torch.cuda.synchronize()


def measure(reps=20):
    spans = []
    for _ in range(reps):
        t = time.perf_counter()
        net(x)
        torch.cuda.synchronize()
        spans.append(time.perf_counter() - t)
    return sorted(spans)[len(spans) // 2]


warm_for(1.0)
warm_until(1.0)
warm_capped(1.0)
print("median s", measure())
