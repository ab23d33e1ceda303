"""Events created per iteration, outside the two readings they bracket: the number is unaffected."""
import statistics

import torch

x = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    x @ x
samples = []
for _ in range(20):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    s.record()
    x @ x
    e.record()
    torch.cuda.synchronize()
    samples.append(s.elapsed_time(e))
print(statistics.median(samples), min(samples), max(samples))
