"""Audit 36 classes: MLX builds a lazy graph and `mx.eval(...)` computes it and blocks until it is done; in a
function whose device is Apple's GPU only (`torch.device("mps")`), `torch.mps.synchronize()` waits for that work.
Both are the synchronize of the code they time (silent)."""
import statistics
import time

import mlx.core as mx
import torch


def mlx_gemm(n, reps):
    a = mx.random.normal((n, n), dtype=mx.float16)
    b = mx.random.normal((n, n), dtype=mx.float16)
    mx.eval(a @ b)
    laps = []
    for _ in range(reps):
        t = time.perf_counter()
        c = a @ b + 1
        mx.eval(c)
        laps.append(time.perf_counter() - t)
    return statistics.median(laps), min(laps)


def mps_softmax(rows, cols, reps):
    dev = torch.device("mps")
    x = torch.randn(rows, cols, device=dev)
    torch.softmax(x, dim=-1)
    torch.mps.synchronize()
    laps = []
    for _ in range(reps):
        t = time.perf_counter()
        y = torch.softmax(x, dim=-1)
        torch.mps.synchronize()  # expect-extra: WP101
        laps.append(time.perf_counter() - t)
    return statistics.median(laps), max(laps), y.shape


def cuda_softmax(rows, cols, reps):
    x = torch.randn(rows, cols, device="cuda")
    torch.softmax(x, dim=-1)
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(reps):
        torch.softmax(x, dim=-1)
    torch.cuda.synchronize()
    return (time.perf_counter() - t) / reps
