"""Per-call samples reduced to a mean in older shapes (WP105): `datetime` intervals converted with
`.total_seconds()`, an outlier filter before the mean (`[t for t in ts if t < cap]`), and a hand-written
accumulation loop divided by the count."""
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
print("mean s", np.mean(walls))  # expect: WP105

kept = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    kept.append(time.perf_counter() - t0)
cap = 1.0
print("mean s (no outliers)", np.mean([t for t in kept if t < cap]))  # expect: WP105

acc = []
for _ in range(20):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    w @ w
    torch.cuda.synchronize()
    acc.append(time.perf_counter() - t0)
total = 0.0
for t in acc:
    total += t * 1e3
print("avg ms", total / len(acc))  # expect: WP105
