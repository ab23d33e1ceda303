"""A benchmark class that keeps its synchronize on an attribute (`self.sync = torch.cuda.synchronize if device ==
"cuda" else (lambda: None)`) and calls `self.sync()` before the end read: the interval covers the work (silent). A
class whose attribute is a no-op only is reported."""

import time

import torch


class Runner:
    def __init__(self, device):
        self.model = torch.nn.Linear(512, 512).to(device)
        self.x = torch.randn(64, 512, device=device)
        self.sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)

    def bench(self, n=100):
        self.model(self.x)
        self.sync()
        t0 = time.perf_counter()
        for _ in range(n):
            self.model(self.x)
        self.sync()
        return (time.perf_counter() - t0) / n


class NoWait:
    def __init__(self):
        self.net = torch.nn.Linear(512, 512).cuda()
        self.inp = torch.randn(64, 512, device="cuda")
        self.wait = lambda: None

    def bench(self, n=100):
        self.net(self.inp)
        t0 = time.perf_counter()
        for _ in range(n):
            self.net(self.inp)
        self.wait()
        return (time.perf_counter() - t0) / n  # expect: WP102


print(Runner("cuda").bench(), NoWait().bench())
