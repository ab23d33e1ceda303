"""A timer class that calls the synchronize function its constructor is handed (`sync=torch.cuda.synchronize` on a
CUDA device, `None` on the CPU) around the timed call: every reading waits for the device."""
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
                self.sync()  # expect-extra: WP101
            t0 = time.perf_counter()
            fn()
            if self.sync:
                self.sync()
            out.append(time.perf_counter() - t0)
        return sorted(out)[len(out) // 2]


device = "cuda" if torch.cuda.is_available() else "cpu"
layer = torch.nn.Sequential(*[torch.nn.Linear(512, 512) for _ in range(8)]).to(device)
x = torch.randn(64, 512, device=device)
waiter = None
if device == "cuda":
    waiter = torch.cuda.synchronize
timer = LatencyTimer(repeats=100, sync=waiter)
print("median", timer.measure(lambda: layer(x)))
