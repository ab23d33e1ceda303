"""Two region forms across functions. A timer class that keeps its readings in a list (``self.t.append(
time.perf_counter())`` in ``evt()``) and reports ``self.t[-1] - self.t[0]`` from ``end()``: ``start()`` ...
``end()`` times the FFTs without a synchronize (WP102). And a helper of the file that reads the clock and subtracts
the start it is handed (``show(label, t0)``): the region runs from ``t0 = time.perf_counter()`` to the call, and
the first matmuls are timed cold (WP103)."""

import time

import cupy as cp


class Timer:
    def __init__(self):
        self.t = []

    def start(self):
        self.t.clear()
        self.evt()

    def evt(self):
        self.t.append(time.perf_counter())

    def report(self):
        total = self.t[-1] - self.t[0]
        print(f"total {total:.4f} s")
        return total

    def end(self):
        self.evt()
        return self.report()


def show(label, t0):
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    print(label, t1 - t0)


data = cp.random.randn(1 << 20).astype(cp.complex64)
cp.fft.fft(data)
timer = Timer()
timer.start()
for _ in range(10):
    out = cp.fft.fft(data)
total = timer.end()  # expect: WP102

m = cp.random.randn(2048, 2048, dtype=cp.float32)
t0 = time.perf_counter()
for _ in range(3):
    out = cp.matmul(m, m)  # expect: WP103
show("matmul", t0)
