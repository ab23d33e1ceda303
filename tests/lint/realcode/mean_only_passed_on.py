"""Sample lists whose mean is taken after they are handed on (WP105): rescaled into a new list
(`ms = [t * 1e3 for t in raw]`) or passed to a helper of the file that returns their mean (`summarize(lat)`); only
the mean is reported. Silent: the same helpers when they also report the spread."""
import statistics
import time

import numpy as np
import torch

x = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    x @ x
torch.cuda.synchronize()


def summarize(ts):
    return sum(ts) / len(ts)  # expect: WP105


def describe(ts):
    return f"median {statistics.median(ts):.3f}, min {min(ts):.3f}, max {max(ts):.3f}"


raw = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    x @ x
    torch.cuda.synchronize()
    raw.append(time.perf_counter() - t0)
ms = [t * 1e3 for t in raw]
print("matmul ms", np.mean(ms))  # expect: WP105

lat = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    x @ x
    torch.cuda.synchronize()
    lat.append(time.perf_counter() - t0)
print("matmul s", summarize(lat))  # (reported at the helper's mean)

kept = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    x @ x
    torch.cuda.synchronize()
    kept.append(time.perf_counter() - t0)
kept_ms = [t * 1e3 for t in kept]
print("matmul", describe(kept_ms))
