"""Sample lists kept as parts of a collection's elements, one element per configuration, then read back element by
element with only a mean of the samples reported (WP105): a dict per configuration (`{"name": ..., "times": ts}`),
a tuple per configuration read by unpacking, and the lists themselves averaged by a comprehension."""
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
    print(row["name"], np.mean(row["times"]))  # expect: WP105

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
    print(f"{name}: {sum(ms) / len(ms):.3f} ms")  # expect: WP105

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
print("us", [statistics.fmean(r) for r in runs])  # expect: WP105
