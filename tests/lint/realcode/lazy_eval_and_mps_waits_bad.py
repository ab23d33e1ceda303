"""Audit 36 classes, the variants that wait for nothing: `mx.async_eval` returns before the graph is computed, and
`torch.mps.synchronize()` in a function whose tensors are on CUDA, or only under `if device == "mps":` where the
device is chosen by the caller, waits for nothing a CUDA run queued (WP102)."""
import statistics
import time

import mlx.core as mx
import torch


def mlx_gemm_async(n, reps):
    a = mx.random.normal((n, n))
    b = mx.random.normal((n, n))
    mx.eval(a @ b)
    laps = []
    for _ in range(reps):
        t = time.perf_counter()
        c = a @ b
        mx.async_eval(c)
        laps.append(time.perf_counter() - t)  # expect: WP102
    return statistics.median(laps), min(laps)


def softmax_wrong_wait(rows, cols, reps):
    x = torch.randn(rows, cols, device="cuda")
    torch.softmax(x, dim=-1)
    torch.cuda.synchronize()
    laps = []
    for _ in range(reps):
        t = time.perf_counter()
        y = torch.softmax(x, dim=-1)
        torch.mps.synchronize()
        laps.append(time.perf_counter() - t)  # expect: WP102
    return statistics.median(laps), max(laps), y.shape


def softmax_on(device, reps):
    x = torch.randn(512, 512, device=device)
    laps = []
    for _ in range(reps):
        t = time.perf_counter()
        y = torch.softmax(x, dim=-1)
        if device == "mps":
            torch.mps.synchronize()
        laps.append(time.perf_counter() - t)  # expect: WP102
    return min(laps), y.shape


softmax_on("cuda" if torch.cuda.is_available() else "mps", 10)
