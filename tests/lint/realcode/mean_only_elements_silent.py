"""Near misses of mean_only_elements_bad.py: each collection's samples are also shown (the median per row, the
raw pairs saved to a file, the minimum per run)."""
import json
import statistics
import time

import numpy as np
import torch

a = torch.randn(4096, 4096, device="cuda")
cases = [("mm", lambda: a @ a), ("mm_t", lambda: a @ a.T)]
for _, fn in cases:
    fn()
torch.cuda.synchronize()

table = []
for name, fn in cases:
    ts = []
    for _ in range(25):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        ts.append(time.perf_counter() - t0)
    table.append({"name": name, "times": ts})
for row in table:
    print(row["name"], np.mean(row["times"]), np.median(row["times"]))

pairs = []
for name, fn in cases:
    ms = []
    for _ in range(25):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        ms.append((time.perf_counter() - t0) * 1e3)
    pairs.append((name, ms))
for name, ms in pairs:
    print(f"{name}: {sum(ms) / len(ms):.3f} ms")
with open("pairs.json", "w") as f:
    json.dump(pairs, f)

runs = []
for _, fn in cases:
    us = []
    for _ in range(25):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        us.append((time.perf_counter() - t0) * 1e6)
    runs.append(us)
print("us", [statistics.fmean(r) for r in runs], "min", [min(r) for r in runs])
