"""More ways per-call samples are handed on before only their mean is reported (WP105): a list returned inside a
dict whose caller reads only the mean field; a preallocated Python list (`[0.0] * n`) written by index; a method
returning its samples to another method of the class through `self`; a bounded `deque` of the samples."""
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
    return {"times": ts, "mean": np.mean(ts)}  # expect: WP105


res = bench(30)
print("mean", res["mean"])

n = 30
slots = [0.0] * n
for i in range(n):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    slots[i] = time.perf_counter() - t0
print("mean", sum(slots) / n)  # expect: WP105


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
        print("mean", np.mean(t))  # expect: WP105


Bench(w).report()

window = deque(maxlen=100)
for _ in range(100):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    window.append(time.perf_counter() - t0)
print("mean", np.mean(window))  # expect: WP105


import pandas as pd  # noqa: E402

ms = []
for _ in range(30):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    ms.append((time.perf_counter() - t0) * 1e3)
frame = pd.DataFrame({"ms": ms, "op": "mm"})
print("mean ms", frame["ms"].mean())  # expect: WP105
