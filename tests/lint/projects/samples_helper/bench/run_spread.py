"""The same samples, reported with their spread; and a helper that returns one total (no samples to spread)."""
import statistics

import torch

import timing

a = torch.randn(2048, 2048, device="cuda")
for _ in range(3):
    torch.mm(a, a)
runs = timing.time_calls(torch.mm, (a, a), repeats=20)
print(f"median {statistics.median(runs):.3f} ms, min {min(runs):.3f}, max {max(runs):.3f}, mean {statistics.mean(runs):.3f}")
per_call = timing.total_time(torch.mm, (a, a), 20)
print(per_call)
