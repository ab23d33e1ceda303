"""Near misses of mean_only_flow_more_bad.py: the caller also reads the returned samples, the preallocated list's
minimum is reported, the method's samples are summarized by their median, and the deque's mean is a running mean
printed while the samples are taken."""
import statistics
import time
from collections import deque

import numpy as np
import torch

w = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    w @ w
torch.cuda.synchronize()


def bench(n):
    ts = []
    for _ in range(n):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        w @ w
        torch.cuda.synchronize()
        ts.append(time.perf_counter() - t0)
    return {"times": ts, "mean": np.mean(ts)}


res = bench(30)
print("mean", res["mean"], "p95", np.percentile(res["times"], 95))

n = 30
slots = [0.0] * n
for i in range(n):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    slots[i] = time.perf_counter() - t0
print("mean", sum(slots) / n, "min", min(slots))


class Bench:
    def __init__(self, x):
        self.x = x

    def run(self, reps):
        out = []
        for _ in range(reps):
            torch.cuda.synchronize()  # expect-extra: WP101
            t0 = time.perf_counter()
            self.x @ self.x
            torch.cuda.synchronize()
            out.append(time.perf_counter() - t0)
        return out

    def report(self):
        t = self.run(30)
        print("median", statistics.median(t))


Bench(w).report()

window = deque(maxlen=100)
for step in range(1000):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    window.append(time.perf_counter() - t0)
    if step % 100 == 0:
        print(step, "recent mean", np.mean(window))


import pandas as pd  # noqa: E402

ms = []
for _ in range(30):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    ms.append((time.perf_counter() - t0) * 1e3)
frame = pd.DataFrame({"ms": ms, "op": "mm"})
print("mean ms", frame["ms"].mean())
print(frame.describe())
