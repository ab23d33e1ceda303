"""Samples that reach a mean without a list name of their own (WP105): event times converted to a tensor and named
before `.mean()`, a helper's returned samples averaged in place (`np.mean(bench(fn))`). Silent: the same with a
spread or a median, and a throughput from the samples' total (`len(ts) / sum(ts)`: total work over total time)."""
import statistics
import time

import numpy as np
import torch

x = torch.randn(64, 1024, device="cuda")
net = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)).cuda()
net(x)  # warm-up


def bench(fn, n=50):
    out = []
    for _ in range(n):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        out.append(time.perf_counter() - t0)
    return out


def event_times(n=100):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    for i in range(n):
        starts[i].record()
        net(x)
        ends[i].record()
    torch.cuda.synchronize()
    ms = torch.tensor([s.elapsed_time(e) for s, e in zip(starts, ends)])
    print(f"mlp {ms.mean().item():.4f} ms")  # expect: WP105


def event_times_spread(n=100):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    for i in range(n):
        starts[i].record()
        net(x)
        ends[i].record()
    torch.cuda.synchronize()
    ms = torch.tensor([s.elapsed_time(e) for s, e in zip(starts, ends)])
    print(f"mlp {ms.mean().item():.4f} ms +- {ms.std().item():.4f}")


def throughput(n=200):  # (warm: the module body ran `net` before any call of this function)
    ts = []
    for _ in range(n):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        net(x)
        torch.cuda.synchronize()
        ts.append(time.perf_counter() - t0)
    print(f"{len(ts) / sum(ts):.1f} calls/s")


print("mean", np.mean(bench(lambda: net(x))))  # expect: WP105
print("median", statistics.median(bench(lambda: net(x + 1))))


def converted_inline(n=100):
    ts = []
    for _ in range(n):
        ts.append(bench(lambda: net(x), n=1)[0])
    print(torch.mean(torch.tensor(ts)).item())  # expect: WP105


def converted_inline_spread(n=100):
    ts = []
    for _ in range(n):
        ts.append(bench(lambda: net(x), n=1)[0])
    print(torch.tensor(ts).mean().item(), torch.tensor(ts).std().item())
