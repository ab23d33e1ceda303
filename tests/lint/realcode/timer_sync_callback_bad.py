"""Nearby: the same timer constructed without its synchronize (the default `None`) times launches only."""
import time

import torch


class LatencyTimer:
    def __init__(self, repeats=50, sync=None):
        self.repeats = repeats
        self.sync = sync

    def measure(self, fn):
        for _ in range(5):
            fn()
        out = []
        for _ in range(self.repeats):
            if self.sync:
                self.sync()
            t0 = time.perf_counter()
            fn()
            if self.sync:
                self.sync()
            out.append(time.perf_counter() - t0)  # expect: WP102
        return sorted(out)[len(out) // 2]


layer = torch.nn.Linear(512, 512).cuda()
x = torch.randn(64, 512, device="cuda")
timer = LatencyTimer(repeats=100)
print("median", timer.measure(lambda: layer(x)))
