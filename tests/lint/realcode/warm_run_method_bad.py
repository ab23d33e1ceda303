"""The near misses of `warm_run_method_silent.py`: the first run's measurement is kept and shown (printed, or
bound to a name), or the earlier run is of another object's method: the first figure is the cold one."""
import time

import torch


class Bench:
    def __init__(self, model, x):
        self.model = model
        self.x = x

    def run(self, iters):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(iters):
            self.model(self.x)  # expect: WP103
        torch.cuda.synchronize()
        return (time.perf_counter() - t0) / iters


class OpTimer:
    def measure(self, a, b, reps=50):
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(reps):
            torch.mm(a, b)
        torch.cuda.synchronize()
        return (time.perf_counter() - start) / reps


net = torch.nn.Linear(1024, 1024).cuda()
bench = Bench(net, torch.randn(64, 1024, device="cuda"))
print("short run", bench.run(5))
print("linear s", bench.run(200))

a = torch.randn(2048, 2048, device="cuda")
timer = OpTimer()
first = timer.measure(a, a, reps=3)  # expect: WP103
print("mm s", first, timer.measure(a, a))
