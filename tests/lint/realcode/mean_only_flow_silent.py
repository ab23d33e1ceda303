"""Near misses of mean_only_flow_bad.py: the samples handed on the same ways, and where they land the spread is
shown too (a median of the alias's slice, the unpacked list printed whole, the returned list's percentiles, the
second array of a rebound alias written to a file), or the alias is rebound before it is averaged."""
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
print("matmul", view.mean().item(), "median", view.median().item())


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
print("run_timed", np.mean(lat), lat)


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
print("event us", statistics.fmean(ms * 1e3 for ms in res), np.percentile(res, [5, 50, 95]))

first = np.empty(n)
for i in range(n):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w.T
    torch.cuda.synchronize()
    first[i] = time.perf_counter() - t0
stats = first
np.save("sum_times.npy", stats)
print("sum", stats.mean())


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
        return sum(self.samples) / len(self.samples), min(self.samples), max(self.samples)


tm = StepTimer()
for _ in range(20):
    tm.start()  # expect-extra: WP101
    w @ w
    tm.stop()
print("avg, min, max", tm.summary())

kept = []
for _ in range(30):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    kept.append(time.perf_counter() - t0)
kept = kept[5:]
print("mean", sum(kept) / len(kept), "median", statistics.median(kept))


class ProgressTimer:
    def __init__(self):
        self.laps = []

    def start(self):
        torch.cuda.synchronize()
        self.t0 = time.perf_counter()

    def stop(self):
        torch.cuda.synchronize()
        self.laps.append(time.perf_counter() - self.t0)

    def avg(self):
        return sum(self.laps) / len(self.laps)


pt = ProgressTimer()
for step in range(500):
    pt.start()  # expect-extra: WP101
    w @ w
    pt.stop()
    if step % 100 == 0:
        print(step, "avg step so far", pt.avg())
