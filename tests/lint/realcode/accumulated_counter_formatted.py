"""A counter that starts at a number and adds device values (`hits = 0`; `hits += (pred == y).sum()`) is a tensor on
the device when it is formatted (`print(f"acc {hits / n:.3f}")`): the text waits for every step's work. Reported:
the same loop counting on the host (`seen += 1`), where nothing waits."""
import time

import torch

clf = torch.nn.Linear(784, 10).cuda()
xs = torch.randn(1024, 784, device="cuda")
ys = torch.randint(0, 10, (1024,), device="cuda")
clf(xs)
torch.cuda.synchronize()


def score():
    hits = 0
    t0 = time.perf_counter()
    for _ in range(20):
        hits += (clf(xs).argmax(1) == ys).sum()
    rate = hits / (20 * 1024)
    print(f"accuracy {rate:.4f} in {time.perf_counter() - t0:.3f} s")


def count():
    seen = 0
    t0 = time.perf_counter()
    for _ in range(20):
        out = clf(xs)
        seen += 1
    print(f"{seen} batches in {time.perf_counter() - t0:.3f} s")  # expect: WP102


score()
count()
