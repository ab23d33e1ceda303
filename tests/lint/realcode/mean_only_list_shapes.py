"""Sample lists built without `append` (WP105): a comprehension that repeats one timed call
(`[timed() for _ in range(n)]`) and a list extended by `+= [dt]`; only their mean is reported. Silent: a
comprehension with one element per configuration (`[timed_at(n) for n in sizes]`, not repeated samples), and the
same `+=` list reported with its spread."""
import time

import numpy as np
import torch

a = torch.randn(2048, 2048, device="cuda")
for _ in range(3):
    a @ a
torch.cuda.synchronize()


def timed():
    t0 = time.perf_counter()
    a @ a
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def timed_at(n):
    b = torch.randn(n, n, device="cuda")
    b @ b
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    b @ b
    torch.cuda.synchronize()
    return time.perf_counter() - t0


samples = [timed() for _ in range(50)]
print("mean", np.mean(samples))  # expect: WP105

per_size = [timed_at(n) for n in (512, 1024, 2048)]
print("over sizes", np.mean(per_size))

durs = []
for _ in range(50):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    a @ a
    torch.cuda.synchronize()
    durs += [time.perf_counter() - t0]
print("avg", sum(durs) / len(durs))  # expect: WP105

spread = []
for _ in range(50):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    a @ a
    torch.cuda.synchronize()
    spread += [time.perf_counter() - t0]
print("avg", sum(spread) / len(spread), "p50", np.median(spread), "max", max(spread))
