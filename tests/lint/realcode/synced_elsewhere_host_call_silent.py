"""Fifteenth session (lint91, sets 77 and 80), the silent side of WP102's "synchronized where it is timed elsewhere":
the CPU function fits a scikit-learn model (`model = KMeans(...)`: a host library's object, whatever cuML's `model`
does in the GPU function), and the transfer region's `codes.to(device, dtype=...)` copies a tensor a helper of the
file builds on the CPU (a blocking copy), though the whole run's region synchronizes after the same call."""
import time

import cupy as cp
import torch
from cuml.cluster import KMeans as cuKMeans
from sklearn.cluster import KMeans


def run_cpu(x, k=3):
    model = KMeans(n_clusters=k, n_init=10)
    start = time.perf_counter()
    model.fit(x)
    elapsed = time.perf_counter() - start
    return elapsed, model.labels_


def run_gpu(x_gpu, k=3):
    model = cuKMeans(n_clusters=k, n_init=10)
    start = time.perf_counter()
    model.fit(x_gpu)
    cp.cuda.Stream.null.synchronize()
    elapsed = time.perf_counter() - start
    return elapsed, model.labels_.get()


def encode(text):
    return torch.tensor([ord(c) % 2 for c in text], dtype=torch.int32)


def run(codes, table):
    codes = encode(codes)
    device = torch.device("cuda")
    start = time.time()
    t0 = time.time()
    codes = codes.to(device=device, dtype=torch.int64)
    t1 = time.time()
    out = table.cuda()[codes]
    torch.cuda.synchronize()
    end = time.time()
    print(f"copy {t1 - t0:.4f}s, total {end - start:.4f}s")
    return out
