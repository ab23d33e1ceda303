"""Near the WP103 class of chained running totals (set 62): the same loop after an untimed warm-up pass, and one
that skips the first iteration before adding to the total: silent."""

import time

import torch
import torch.nn as nn

torch.backends.cudnn.benchmark = True
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
head = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Conv2d(16, 8, 3)).to(dev)


def warmed():
    frame = torch.rand((1, 3, 96, 96), device=dev)
    with torch.no_grad():
        for _ in range(10):  # warm-up
            head(frame)
    total = 0
    for it in range(200):
        t0 = time.time()
        with torch.no_grad():
            head(frame)
        torch.cuda.synchronize()
        t1 = time.time()
        total = total + t1 - t0
    print("avg", total / 200)


def skipped():
    frame = torch.rand((1, 3, 96, 96), device=dev)
    total = 0
    for it in range(201):
        t0 = time.time()
        with torch.no_grad():
            head(frame)
        torch.cuda.synchronize()
        t1 = time.time()
        if it == 0:
            continue
        total = total + t1 - t0
    print("avg", total / 200)


warmed()
skipped()
