"""Timing helpers of a project: three of them synchronize in every sample (a host clock per sample, an event pair
with `b.synchronize()`, a loop timed as a whole under a time budget), the last only once after its loop."""
import time
import torch


def device_sync():
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def run_timed(op, *inputs, repeats=20):
    for _ in range(3):
        op(*inputs)
    device_sync()
    samples = []
    for _ in range(repeats):
        t_start = time.perf_counter()
        op(*inputs)
        device_sync()
        samples.append(time.perf_counter() - t_start)
    return min(samples), sum(samples) / len(samples)


def event_ms(thunk, n=50):
    out = []
    for _ in range(n):
        a = torch.cuda.Event(enable_timing=True)
        b = torch.cuda.Event(enable_timing=True)
        a.record()
        thunk()
        b.record()
        b.synchronize()
        out.append(a.elapsed_time(b))
    return sorted(out)[len(out) // 2]


def per_call_seconds(callable_, budget=1.0):
    begin = time.perf_counter()
    calls = 0
    while time.perf_counter() - begin < budget:
        callable_()
        torch.cuda.synchronize()
        calls += 1
    return (time.perf_counter() - begin) / calls


def run_timed_once_synced(op, *inputs, repeats=20):
    torch.cuda.synchronize()
    t_start = time.perf_counter()
    for _ in range(repeats):
        op(*inputs)
    torch.cuda.synchronize()
    return (time.perf_counter() - t_start) / repeats
