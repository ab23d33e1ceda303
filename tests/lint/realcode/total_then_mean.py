"""Set 21 classes: a mean computed by hand through a named total (`total = sum(times) * 1000; avg = total / n`,
the warm-up samples subtracted from the total first) or over a dict of sample lists, one per category
(`self.times[c] = self.times.get(c, []) + [dt]`), printed as the only statistic (WP105). A total printed beside
the per-run mean is reported too (ninth session, set 38's reader: a total shows no spread); a total converted to
minutes and nothing else, and a dict whose lists also give a minimum are silent."""

import time

import torch

model = torch.nn.Linear(256, 256).cuda()
x = torch.randn(64, 256, device="cuda")
model(x)

times = []
for _ in range(20):
    t0 = time.perf_counter()
    model(x)
    torch.cuda.synchronize()
    times.append(time.perf_counter() - t0)
total_ms = sum(times) * 1000  # expect: WP105
avg_ms = total_ms / float(len(times))
print(f"avg {avg_ms:.3f} ms")

runs = []
for _ in range(20):
    t0 = time.perf_counter()
    model(x)
    torch.cuda.synchronize()
    runs.append(time.perf_counter() - t0)
total_s = sum(runs)  # expect: WP105
print(f"total {total_s:.3f} s, per run {total_s / len(runs):.4f} s")

epochs = []
for _ in range(3):
    t0 = time.perf_counter()
    for _ in range(100):
        model(x)
    torch.cuda.synchronize()
    epochs.append(time.perf_counter() - t0)
total_min = sum(epochs) / 60
print(f"training {total_min:.1f} min")


class Stopwatch:
    def __init__(self):
        self.times = {}
        self.started = {}

    def start(self, name):
        torch.cuda.synchronize()
        self.started[name] = time.time()

    def stop(self, name):
        torch.cuda.synchronize()
        end = time.time()
        if name not in self.started:
            raise KeyError(f"{name} not started: {self.started.keys()}")
        dt = end - self.started.pop(name)
        self.times[name] = self.times.get(name, []) + [dt]

    def report(self, name):
        total, count = sum(self.times[name]), len(self.times[name])  # expect: WP105
        if count > 3:
            total -= sum(self.times[name][:3])
            count -= 3
        print(f"{name}: {total / count:.4f} s")

    def report_all(self):
        for name in self.times:
            self.report(name)


class Laps:
    def __init__(self):
        self.laps = {}

    def lap(self, name, fn):
        torch.cuda.synchronize()
        t0 = time.time()
        fn()
        torch.cuda.synchronize()
        dt = time.time() - t0
        self.laps.setdefault(name, []).append(dt)

    def summary(self):
        for name in self.laps:
            s = self.laps[name]
            print(f"{name}: mean {sum(s) / len(s):.4f} s, best {min(self.laps[name]):.4f} s")
