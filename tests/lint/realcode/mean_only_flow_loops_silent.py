"""Near misses of mean_only_flow_loops_bad.py: the `datetime` samples' minimum is printed too, the filtered samples
are summarized by percentiles, and the accumulation loop prints every sample it adds."""
import datetime
import time

import numpy as np
import torch

w = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    w @ w
torch.cuda.synchronize()

walls = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = datetime.datetime.now()
    w @ w
    torch.cuda.synchronize()
    walls.append((datetime.datetime.now() - t0).total_seconds())
print("mean s", np.mean(walls), "min", min(walls))

kept = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    kept.append(time.perf_counter() - t0)
cap = 1.0
print("p50/p95", np.percentile([t for t in kept if t < cap], [50, 95]))

acc = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    acc.append(time.perf_counter() - t0)
total = 0.0
for i, t in enumerate(acc):
    print(i, t)
for t in acc:
    total += t
    print("sample", t)
print("avg", total / len(acc))
