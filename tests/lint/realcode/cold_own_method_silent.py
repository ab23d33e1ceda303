"""Near misses of cold_own_method_bad.py: the benchmark method runs the timed method once before its loop, the
constructor already runs the model, or the first sample is left out of the mean."""

import time

import torch
import torch.nn as nn


class Runner:
    def __init__(self, dim):
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.GELU()).cuda()
        self.x = torch.randn(64, dim, device="cuda")

    def step(self):
        return self.net(self.x)

    def bench(self, reps=10):
        self.step()  # warm-up
        laps = []
        for _ in range(reps):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            self.step()
            torch.cuda.synchronize()
            laps.append(time.perf_counter() - t0)
        return sum(laps) / len(laps)  # expect: WP105

    def bench_tail(self, reps=10):
        laps = []
        for _ in range(reps):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            self.step()
            torch.cuda.synchronize()
            laps.append(time.perf_counter() - t0)
        return sum(laps[1:]) / (reps - 1)  # expect: WP105


class Primed:
    def __init__(self, n):
        self.a = torch.randn(n, n, device="cuda")
        self.product()  # the constructor runs it once

    def product(self):
        return torch.mm(self.a, self.a)

    def timed(self, reps):
        total = 0.0
        for _ in range(reps):
            torch.cuda.synchronize()  # expect-extra: WP101
            t = time.perf_counter()
            self.product()
            torch.cuda.synchronize()
            total += time.perf_counter() - t
        return total / reps


if __name__ == "__main__":
    print("step", Runner(2048).bench())
    print("step", Runner(1024).bench_tail())
    print("mm", Primed(4096).timed(20))
