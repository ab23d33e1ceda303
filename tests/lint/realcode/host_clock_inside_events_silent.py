"""Set 41 class FP3 (lint34): a host clock read between the two records of an event pair that times the same work
measures the host side of the call on purpose (the events give its device time): weak (shown with `extra`), in three
shapes: CuPy events around `perf_counter`, torch events around `time.time()` in a helper returning both, and the
pair recorded on a stream."""
import time

import cupy as cp
import torch


def time_both(fn, *args):
    start_gpu, end_gpu = cp.cuda.Event(), cp.cuda.Event()
    start_gpu.record()
    c0 = time.perf_counter()
    out = fn(*args)
    host_s = time.perf_counter() - c0  # expect-extra: WP102
    end_gpu.record()
    end_gpu.synchronize()
    return out, host_s * 1e3, cp.cuda.get_elapsed_time(start_gpu, end_gpu)


a = cp.random.rand(2048, 2048, dtype=cp.float32)
cp.matmul(a, a)
print(time_both(cp.matmul, a, a))

x = torch.randn(2048, 2048, device="cuda")
s = torch.cuda.Event(enable_timing=True)
e = torch.cuda.Event(enable_timing=True)
x @ x
s.record()
t0 = time.time()
y = x @ x
wall = time.time() - t0  # expect-extra: WP102
e.record()
torch.cuda.synchronize()
print(wall, s.elapsed_time(e))

stream = torch.cuda.Stream()
with torch.cuda.stream(stream):
    s.record(stream)
    t0 = time.perf_counter()
    y = x @ x
    issue = time.perf_counter() - t0  # expect-extra: WP102
    e.record(stream)
stream.synchronize()
print(issue, s.elapsed_time(e))
