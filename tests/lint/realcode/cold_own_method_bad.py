"""WP103 class (a class timing its own methods cold): a benchmark method of a class times another method of the same
instance (``self.step()``, ``self.greedy(...)``) in a loop and averages the samples, with nothing run before; the
first sample is the model's first call (CUDA/cuBLAS start-up, allocator growth) and is in the mean."""

import time

import torch
import torch.nn as nn
from transformers import AutoModelForCausalLM


class Runner:
    def __init__(self, dim):
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.GELU()).cuda()
        self.x = torch.randn(64, dim, device="cuda")

    def step(self):
        return self.net(self.x)

    def bench(self, reps=10):
        laps = []
        for _ in range(reps):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            self.step()  # expect: WP103
            torch.cuda.synchronize()
            laps.append(time.perf_counter() - t0)
        return sum(laps) / len(laps)  # expect: WP105


class Decoder:
    def __init__(self, name):
        self.model = AutoModelForCausalLM.from_pretrained(name).to("cuda")

    def greedy(self, ids, n):
        return self.model.generate(ids, max_new_tokens=n, do_sample=False)

    def tokens_per_second(self, ids, runs=3):
        spent = 0.0
        for _ in range(runs):
            t = time.perf_counter()
            self.greedy(ids, 64)  # expect: WP103
            spent += time.perf_counter() - t
        return runs * 64 / spent


class Events:
    def __init__(self, n):
        self.a = torch.randn(n, n, device="cuda")

    def product(self):
        return torch.mm(self.a, self.a)

    def timed(self, reps):
        ms = []
        for _ in range(reps):
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            self.product()  # expect: WP103
            e.record()
            torch.cuda.synchronize()
            ms.append(s.elapsed_time(e))
        return sum(ms) / reps  # expect: WP105


if __name__ == "__main__":
    print("step", Runner(2048).bench())
    ids = torch.ones(1, 16, dtype=torch.long, device="cuda")
    print("tok/s", Decoder("tiny-model").tokens_per_second(ids))
    print("mm ms", Events(4096).timed(20))
