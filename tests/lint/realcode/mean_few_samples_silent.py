"""Near misses of WP105 on a few samples: the spread is shown (the minimum printed beside the mean, the standard
deviation computed in a tuple and printed), every sample printed whichever branch of an `if`/`else` runs, or one
sample only. Nothing to report, with WP105 selected or not."""
import time

import numpy as np
import torch


def with_min(fn, x):
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        fn(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    print(f"mean {np.mean(times):.4f} s, min {min(times):.4f} s")


def with_std(fn, x):
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        fn(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    m, sd = np.mean(times), np.std(times)
    print(f"{m:.4f} +- {sd:.4f} s")


def each_run_shown(solve, problem, n_runs=3):
    times = []
    for run in range(n_runs):
        start = time.perf_counter()
        status = solve(problem)
        torch.cuda.synchronize()
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        if status == "optimal":
            print(f"run {run}: {elapsed:.3f} s")
        else:
            print(f"run {run}: {elapsed:.3f} s ({status})")
    print(f"average {sum(times) / len(times):.3f} s")


def one_run(fn, x):
    times = []
    for _ in range(1):
        t0 = time.perf_counter()
        fn(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    print(np.mean(times))
