"""Per-call samples taken here and handed to a summary helper of the project (bench/summary.py) that only
averages them; the helper's result is all that is printed."""
import time

import torch

from summary import mean_of

x = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    x @ x
torch.cuda.synchronize()
lat = []
for _ in range(25):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    x @ x
    torch.cuda.synchronize()
    lat.append(time.perf_counter() - t0)
print("matmul s", mean_of(lat))  # expect: WP105
