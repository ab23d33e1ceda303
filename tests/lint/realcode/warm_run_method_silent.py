"""WP103 precision (ninth session, lint43): a whole benchmark run made first as a warm-up, its measurement thrown
away, through a method of a benchmark object of the file: `bench.run(5)` as a statement before `bench.run(200)`,
`_ = timer.measure(...)` before the kept call, and `self.time_it(2)` inside the class's own driver method."""
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
            self.model(self.x)
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


class Suite:
    def __init__(self, conv, img):
        self.conv = conv
        self.img = img

    def time_it(self, n):
        begin = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        begin.record()
        for _ in range(n):
            self.conv(self.img)
        end.record()
        end.synchronize()
        return begin.elapsed_time(end) / n

    def main(self):
        self.time_it(2)
        print("conv ms", self.time_it(100))


net = torch.nn.Linear(1024, 1024).cuda()
bench = Bench(net, torch.randn(64, 1024, device="cuda"))
bench.run(5)
print("linear s", bench.run(200))

a = torch.randn(2048, 2048, device="cuda")
timer = OpTimer()
_ = timer.measure(a, a, reps=3)
print("mm s", timer.measure(a, a))

Suite(torch.nn.Conv2d(3, 16, 3).cuda(), torch.randn(8, 3, 64, 64, device="cuda")).main()
