"""Near miss of ``marks_timer_elapsed_helper_bad.py``: the same timer class and helper around warmed FFTs and
matmuls, the timer's end read after a synchronize (silent)."""

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
m = cp.random.randn(2048, 2048, dtype=cp.float32)
cp.fft.fft(data)
cp.matmul(m, m)
timer = Timer()
timer.start()
for _ in range(10):
    out = cp.fft.fft(data)
cp.cuda.Device().synchronize()
total = timer.end()

t0 = time.perf_counter()
for _ in range(10):
    out = cp.matmul(m, m)
show("matmul", t0)
