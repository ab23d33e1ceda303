"""A total printed beside the mean is not a spread (WP105): the sum of the samples says as little about their spread
as their mean does. Three shapes: the total and `sum(ts) / n` in one f-string, a named total printed and divided
by the count, and a CuPy benchmark's per-run array summed and averaged."""
import time

import cupy as cp
import torch
from cupyx.profiler import benchmark

w = torch.randn(4096, 4096, device="cuda")
v = torch.randn(8192, 4096, device="cuda")


def host_timed(n_runs=100):
    for _ in range(10):
        v @ w
    torch.cuda.synchronize()
    secs = []
    for _ in range(n_runs):
        t0 = time.perf_counter()
        v @ w
        torch.cuda.synchronize()
        secs.append(time.perf_counter() - t0)
    print(f"{n_runs} runs in {sum(secs):.3f} s, {sum(secs) / n_runs * 1e3:.3f} ms per run")  # expect: WP105


def event_timed(reps=50):
    for _ in range(10):
        torch.softmax(v, dim=-1)
    ms = []
    for _ in range(reps):
        a = torch.cuda.Event(enable_timing=True)
        b = torch.cuda.Event(enable_timing=True)
        a.record()
        torch.softmax(v, dim=-1)
        b.record()
        b.synchronize()
        ms.append(a.elapsed_time(b))
    total_ms = sum(ms)  # expect: WP105
    print("total", total_ms, "ms")
    print("per call", total_ms / len(ms), "ms")


host_timed()
event_timed()
x = cp.random.random((2048, 2048), dtype=cp.float32)
res = benchmark(cp.linalg.norm, (x,), n_repeat=200)
print("all runs", res.gpu_times.sum(), "s; mean", res.gpu_times.mean(), "s")  # expect: WP105
