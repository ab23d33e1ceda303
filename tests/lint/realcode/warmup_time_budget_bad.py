"""Ninth session (after the final measurement, set 44): the near miss of `warmup_time_budget_silent.py`. A loop
bounded by a host clock that counts what it ran (`n += 1`, `done.append(...)`) measures a throughput over the
budget: without a synchronize, the launches queued at the last reading are counted as done (WP102)."""
import time

import torch

net = torch.nn.Sequential(torch.nn.Linear(2048, 2048), torch.nn.GELU(), torch.nn.Linear(2048, 2048)).cuda()
x = torch.randn(256, 2048, device="cuda")
net(x)
torch.cuda.synchronize()


def calls_per_second(seconds):
    t0 = time.perf_counter()
    n = 0
    while True:
        net(x)
        n += 1
        if not time.perf_counter() - t0 < seconds:  # expect: WP102
            break
    return n / seconds


def batches_in(seconds):
    began = time.time()
    done = []
    while True:
        done.append(net(x))
        if time.time() - began > seconds:  # expect: WP102
            break
    return len(done) / seconds


def rows_in(seconds, cap=5000):
    start = time.monotonic()
    rows = 0
    for i in range(cap):
        net(x)
        rows += x.shape[0]
        if time.monotonic() - start >= seconds:  # expect: WP102
            break
    return rows / seconds


print(calls_per_second(1.0), batches_in(1.0), rows_in(1.0))
