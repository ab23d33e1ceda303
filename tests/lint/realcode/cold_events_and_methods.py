"""Two common shapes of a cold first call the warmup model missed (fifth session): per-iteration CUDA events whose
`elapsed_time` values are appended to a list summarized by its mean (the first sample is cold, WP103); and a
benchmark class whose method times `self.model`, a model the class put on the GPU and no other method runs
(WP103); and a torch op timed from its first call in a function whose only caller hands it a GPU tensor, while the
warmup ran only the custom op (set 24, dr2633; WP103). Silent: the same lists summarized by their median or
with the first sample left out (`times[1:]`), and a class whose `check` method runs the model
first."""

import statistics
import time

import torch
import torch.nn.functional as F

import fused


def attention_mean(n=20):
    q = torch.randn(8, 16, 1024, 64, device="cuda", dtype=torch.float16)
    times = []
    for _ in range(n):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        F.scaled_dot_product_attention(q, q, q)  # expect: WP103
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    print(sum(times) / len(times))  # expect: WP105


def softmax_median(n=20):
    x = torch.randn(64, 4096, device="cuda")
    times = []
    for _ in range(n):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        torch.softmax(x, dim=-1)
        e.record()
        torch.cuda.synchronize()  # expect: WP101
        times.append(s.elapsed_time(e))
    print(statistics.median(times))


def mm_trimmed(n=10):
    x = torch.randn(4096, 4096, device="cuda")
    times = []
    for _ in range(n + 1):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        torch.mm(x, x)
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    print(sum(times[1:]) / n)  # expect: WP105


def compare(x, reps=10):
    fused.softmax(x)
    times = []
    for _ in range(reps):
        start = time.time()
        fused.softmax(x)
        torch.cuda.synchronize()
        times.append(time.time() - start)
    print("fused", sum(times) / reps)  # expect: WP105
    torch_times = []
    for _ in range(reps):
        start = time.time()
        torch.nn.functional.softmax(x, dim=1)  # expect: WP103
        torch.cuda.synchronize()  # expect: WP101
        torch_times.append(time.time() - start)
    print("torch", sum(torch_times) / reps)  # expect: WP105


class Bench:
    def __init__(self):
        self.model = torch.nn.Linear(4096, 4096).cuda()
        self.x = torch.randn(512, 4096, device="cuda")

    def run(self, n):
        torch.cuda.synchronize()
        t0 = time.time()
        for _ in range(n):
            self.model(self.x)  # expect: WP103
        torch.cuda.synchronize()
        return (time.time() - t0) / n


class CheckedBench:
    def __init__(self):
        self.net = torch.nn.Linear(4096, 4096).cuda()
        self.x = torch.randn(512, 4096, device="cuda")

    def check(self):
        assert self.net(self.x).shape == (512, 4096)

    def measure(self, n):
        torch.cuda.synchronize()
        t0 = time.time()
        for _ in range(n):
            self.net(self.x)
        torch.cuda.synchronize()
        return (time.time() - t0) / n


if __name__ == "__main__":
    attention_mean()
    softmax_median()
    mm_trimmed()
    compare(torch.rand(1024, 1024, device="cuda"))
    print(Bench().run(100))
    b = CheckedBench()
    b.check()
    print(b.measure(100))
