"""Fifteenth session (lint91, sets 77 and 80), the reported side: the object whose `fit` is timed comes from the
caller (not a host library's constructor), and another function times the same call with a synchronize after it;
a copy asked to be asynchronous (`non_blocking=True`) may still be queued."""
import time

import torch


def run_quick(model, x_gpu):
    start = time.perf_counter()
    model.fit(x_gpu)
    elapsed = time.perf_counter() - start  # expect: WP102
    return elapsed


def run_synced(model, x_gpu):
    start = time.perf_counter()
    model.fit(x_gpu)
    torch.cuda.synchronize()
    elapsed = time.perf_counter() - start
    return elapsed


def run(codes, table):
    device = torch.device("cuda")
    start = time.time()
    t0 = time.time()
    codes = codes.to(device=device, non_blocking=True)
    t1 = time.time()  # expect: WP102
    out = table.cuda()[codes]
    torch.cuda.synchronize()
    end = time.time()
    print(f"copy {t1 - t0:.4f}s, total {end - start:.4f}s")
    return out
