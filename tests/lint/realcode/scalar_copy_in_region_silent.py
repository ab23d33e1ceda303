"""Audit 36 class: a copy of a scalar the timed region computes (the loss of a step, kept for a reduction after the
region) allocates one element: `loss.detach().clone()` of `loss = torch.mean(err ** 2) / k`, of a loss function's
default mean, of a full `.sum()` are not allocations worth reporting (silent)."""
import time

import torch
import torch.nn.functional as F


def steps(model, x, y, accum, history):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    pred = model(x)
    loss = torch.mean((pred - y) ** 2) / accum
    loss.backward()
    kept = loss.detach().clone()
    torch.cuda.synchronize()
    print("mse step", time.perf_counter() - t0)
    history.append(kept)

    t0 = time.perf_counter()
    ce = F.cross_entropy(model(x), y.argmax(-1))
    ce.backward()
    snap = ce.detach().float().clone()
    torch.cuda.synchronize()
    print("ce step", time.perf_counter() - t0)
    history.append(snap)

    t0 = time.perf_counter()
    total = model(x).sum()
    total.backward()
    copy = total.clone()
    torch.cuda.synchronize()
    print("sum step", time.perf_counter() - t0)
    history.append(copy)
