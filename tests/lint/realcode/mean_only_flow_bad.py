"""Per-call samples whose mean is reported after they are handed on (WP105): a preallocated tensor written by
index, read through an alias of a slice; a list a helper returns in a tuple, unpacked by its caller under the same
name and averaged; a list returned by a helper and reduced by a generator of rescaled samples; one alias name
rebound to two sample arrays in turn. The first sample dropped by the alias's slice is not a cold sample averaged
in (no WP103)."""
import statistics
import time

import numpy as np
import torch

w = torch.randn(2048, 2048, device="cuda")
for _ in range(3):
    w @ w
torch.cuda.synchronize()

n = 40
buf = torch.zeros(n)
for i in range(n):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    buf[i] = time.perf_counter() - t0
view = buf[2:]
print("matmul avg (after two runs)", view.mean().item())  # expect: WP105


def run_timed(x, reps):
    lat = []
    for _ in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        y = x @ x
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - t0)
    return y, lat


y, lat = run_timed(w, 25)
print("run_timed", np.mean(lat))  # expect: WP105


def event_samples(x, reps):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    out = []
    for _ in range(reps):
        s.record()
        x @ x
        e.record()
        e.synchronize()
        out.append(s.elapsed_time(e))
    return out


res = event_samples(w, 25)
print("event us", statistics.fmean(ms * 1e3 for ms in res))  # expect: WP105

first = np.empty(n)
second = np.empty(n)
for i in range(n):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w.T
    torch.cuda.synchronize()
    first[i] = time.perf_counter() - t0
for i in range(n):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    torch.mm(w, w)
    torch.cuda.synchronize()
    second[i] = time.perf_counter() - t0
stats = first
print("sum", stats.mean())  # expect: WP105
stats = second
print("max", stats[1:].mean())  # expect: WP105


class StepTimer:
    def __init__(self):
        self.samples = []

    def start(self):
        torch.cuda.synchronize()
        self.t0 = time.perf_counter()

    def stop(self):
        torch.cuda.synchronize()
        self.samples.append(time.perf_counter() - self.t0)

    def summary(self):
        return sum(self.samples) / len(self.samples)  # expect: WP105


tm = StepTimer()
for _ in range(20):
    tm.start()  # expect-extra: WP101
    w @ w
    tm.stop()
print("avg", tm.summary())

kept = []
for _ in range(30):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    kept.append(time.perf_counter() - t0)
kept = kept[5:]
print("mean", sum(kept) / len(kept))  # expect: WP105
