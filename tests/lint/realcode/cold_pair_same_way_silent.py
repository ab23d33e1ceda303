"""Counter-fixture of the cold_pair_*_bad.py files: one cold call, then the mean of ten of the same call timed
the same way (the same clock, a wait in both, no context manager around either): a deliberate cold-vs-warm pair,
weak evidence only (shown with `extra`), as before."""

import time
import torch

a = torch.randn(2048, 2048, device="cuda")
b = torch.randn(2048, 2048, device="cuda")

t0 = time.perf_counter()
c = a @ b  # expect-extra: WP103
torch.cuda.synchronize()
t_a = time.perf_counter() - t0

t0 = time.perf_counter()
for _ in range(10):
    c = a @ b
torch.cuda.synchronize()
t_b = (time.perf_counter() - t0) / 10
print(t_a, t_b)
