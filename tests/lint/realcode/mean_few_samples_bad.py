"""A mean of a few counted samples (WP105's default tier): five, three or ten timed runs, one of them maybe cold, and
only their mean printed or compared. Shapes of sets 77-124 (a helper returning the run's result with its time, a
per-step time, `np.arange` over an argparse default, event lists zipped, a spread computed and never printed)."""
import argparse
import statistics
import time

import numpy as np
import torch

N_TRIALS = 5


def run_pipeline(pipe, prompt, steps=50):
    start = time.time()
    images = pipe(prompt, num_inference_steps=steps)
    torch.cuda.synchronize()
    total = time.time() - start
    return images, total, total / steps


def compare(fast, slow, x):
    times_fast, times_slow = [], []
    for _ in range(N_TRIALS):
        t0 = time.perf_counter()
        fast(x)
        torch.cuda.synchronize()
        times_fast.append(time.perf_counter() - t0)
    for _ in range(N_TRIALS):
        t0 = time.perf_counter()
        slow(x)
        torch.cuda.synchronize()
        times_slow.append(time.perf_counter() - t0)
    speedup = np.mean(times_slow) / np.mean(times_fast)  # expect: WP105
    print(f"speed-up {speedup:.2f}x")


def trial(fn, warmups=1, trials=3):
    for _ in range(warmups):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(trials):
        t0 = time.time()
        fn()
        torch.cuda.synchronize()
        times.append((time.time() - t0) * 1000)
    return statistics.mean(times)  # expect: WP105


def events(fn, repeats=10):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(repeats)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(repeats)]
    for s, e in zip(starts, ends):
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    return sum(s.elapsed_time(e) for s, e in zip(starts, ends)) / repeats  # expect: WP105


def fwd_bwd(fn, x, num_trials=5):
    fwd = []
    for _ in range(num_trials):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn(x)
        end.record()
        torch.cuda.synchronize()
        fwd.append(start.elapsed_time(end))
    fwd_mean, fwd_std = np.mean(fwd), np.std(fwd)  # expect: WP105
    print(f"forward mean: {fwd_mean:.2f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    pipe = torch.nn.Linear(4096, 4096).cuda()
    totals, per_step = [], []
    for run in np.arange(args.runs):
        _, t, s = run_pipeline(pipe, torch.randn(64, 4096, device="cuda"))
        totals.append(t)
        per_step.append(s)
    print("avg total", np.mean(totals))  # expect: WP105
    print("avg per step", np.mean(per_step))  # expect: WP105
