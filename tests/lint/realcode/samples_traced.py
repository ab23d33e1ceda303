"""Sets 14/16 class (WP105 misses): samples hidden from the list tracer. A list bound in a tuple assignment
(`losses, secs = [], []`), an array preallocated with `np.empty`/`torch.zeros` and written by index, a list
converted with `torch.tensor(...)` before its `.mean()`, a duration returned by a helper of the file, and a
chain of temporaries all carry samples whose mean alone is reported. Silent: one sample (`range(1)`), and a
clock read in a tuple assignment (`t0, n = perf_counter(), 0`) is a start reading like any other."""
import time

import numpy as np
import torch

x = torch.randn(1024, 1024, device="cuda")


def tuple_bound(chunks):
    losses, secs = [], []
    x @ x
    for c in chunks:
        t1 = time.perf_counter()
        losses.append((x @ c).sum())
        torch.cuda.synchronize()
        secs.append(time.perf_counter() - t1)
    return np.mean(secs)  # expect: WP105


def preallocated(iters=50):
    lat = np.empty((iters, 2))
    for i in range(iters):
        for j in range(2):
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            x @ x
            e.record()
            torch.cuda.synchronize()  # expect: WP101
            lat[i, j] = s.elapsed_time(e)
    return np.mean(lat[:, 0]), np.mean(lat[:, 1])  # expect: WP105


def stored_in_tensor(iters=50):
    per_iter = torch.zeros(iters)
    for i in range(iters):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        x @ x
        e.record()
        torch.cuda.synchronize()  # expect: WP101
        ms = s.elapsed_time(e)
        per_iter[i] = ms
    print("latency:", per_iter.mean().item())  # expect: WP105


def converted(runs=5):
    sums, durations = [], []
    x @ x
    for _ in range(runs):
        torch.cuda.synchronize()
        t_start = time.perf_counter()
        y = x @ x
        torch.cuda.synchronize()
        sums.append(y.sum().item())
        durations.append(time.perf_counter() - t_start)
    total, duration = torch.tensor(sums), torch.tensor(durations)
    print(total.mean(), total.std(), duration.mean())  # expect: WP105


def one_pass(iters):
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(iters):
        x @ x
    torch.cuda.synchronize()
    return (time.perf_counter() - t) / iters


def from_helper():
    first, rest = [], []
    for n in (1, 2, 4, 8):
        head = one_pass(1)
        first.append(head)
        torch.cuda.synchronize()
        t = time.perf_counter()
        one_pass(n)
        elapsed = time.perf_counter() - t
        after_first = elapsed - head
        rest.append(after_first / n)
    print(sum(first) / len(first))  # expect: WP105
    print(np.mean(rest))  # expect: WP105


def single_sample():
    times = []
    x @ x
    for i in range(1):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        x @ x
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    print(sum(times) / len(times))


def tuple_clock(steps=10):
    x @ x
    torch.cuda.synchronize()
    start, done = time.perf_counter(), 0
    for _ in range(steps):
        x @ x
        done += 1
    torch.cuda.synchronize()
    return done / (time.perf_counter() - start)


def appended_after_the_loop(runs=5):
    durations = []
    x @ x
    for i in range(runs):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        x @ x
        torch.cuda.synchronize()  # expect: WP101
        dt = time.perf_counter() - t0
    durations.append(dt)
    return sum(durations) / len(durations)
