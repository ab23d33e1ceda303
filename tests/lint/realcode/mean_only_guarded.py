"""Sample lists whose mean is guarded (WP105): a truth test before the mean (`if not lat: raise`), a one-sample
fallback beside the mean of the later samples (`np.mean(t[1:]) if len(t) > 1 else t[0]`), and a dict built as an
empty list per variant (`{k: [] for k in variants}`). Neither the test nor the fallback shows a sample or the spread:
only the mean is reported. Silent: the same lists reported with their spread, or each sample printed."""
import statistics
import time

import numpy as np
import torch

a = torch.randn(2048, 2048, device="cuda")
variants = {"mm": lambda: a @ a, "add": lambda: a + a}
for fn in variants.values():
    fn()


def guarded(n=30):
    lat = []
    for _ in range(n):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        a @ a
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - t0)
    if not lat:
        raise RuntimeError("no samples")
    print("matmul", sum(lat) / len(lat))  # expect: WP105


def fallback(runs=3):
    t = []
    for _ in range(runs):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        a @ a
        torch.cuda.synchronize()
        t.append(time.perf_counter() - t0)
    print(np.mean(t[1:]) if len(t) > 1 else t[0])  # expect: WP105


def per_variant(runs=20):
    times = {k: [] for k in variants}
    for _ in range(runs):
        for k, fn in variants.items():
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            fn()
            torch.cuda.synchronize()
            times[k].append(time.perf_counter() - t0)
    for k in variants:
        print(k, statistics.fmean(times[k]))  # expect: WP105


def guarded_spread(n=30):
    lat = []
    for _ in range(n):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        a @ a
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - t0)
    if not lat:
        raise RuntimeError("no samples")
    print("matmul", sum(lat) / len(lat), "min", min(lat), "max", max(lat))


def first_and_last(runs=3):
    t = []
    for _ in range(runs):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        a @ a
        torch.cuda.synchronize()
        t.append(time.perf_counter() - t0)
    print(t[0] if runs == 1 else t[-1], np.mean(t))


def per_variant_spread(runs=20):
    times = {k: [] for k in variants}
    for _ in range(runs):
        for k, fn in variants.items():
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            fn()
            torch.cuda.synchronize()
            times[k].append(time.perf_counter() - t0)
    for k in variants:
        print(k, statistics.fmean(times[k]), statistics.stdev(times[k]))
