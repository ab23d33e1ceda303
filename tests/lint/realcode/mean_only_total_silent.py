"""Near misses of the total beside the mean (WP105 stays silent): a total with the median and the extremes, a
total alone (the samples each printed where they are taken), and a total of samples whose mean is not taken."""
import statistics
import time

import torch

w = torch.randn(4096, 4096, device="cuda")
v = torch.randn(8192, 4096, device="cuda")
for _ in range(10):
    v @ w
torch.cuda.synchronize()

secs = []
for _ in range(100):
    t0 = time.perf_counter()
    v @ w
    torch.cuda.synchronize()
    secs.append(time.perf_counter() - t0)
print(f"total {sum(secs):.3f} s, mean {sum(secs) / len(secs):.5f}, median {statistics.median(secs):.5f}, "
      f"min {min(secs):.5f}, max {max(secs):.5f}")

shown = []
for i in range(100):
    t0 = time.perf_counter()
    v @ w
    torch.cuda.synchronize()
    shown.append(time.perf_counter() - t0)
    print(i, shown[-1])
print("total", sum(shown), "mean", sum(shown) / len(shown))

budget = []
for _ in range(100):
    t0 = time.perf_counter()
    v @ w
    torch.cuda.synchronize()
    budget.append(time.perf_counter() - t0)
print("spent", sum(budget), "s of GPU time")
