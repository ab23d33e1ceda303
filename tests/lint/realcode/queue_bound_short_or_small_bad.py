"""Near misses of queue_bound_token_samples_silent.py, each reported: per-iteration samples of a 100-iteration loop
(the queue's handful of forwards is a large share), of a long loop of one small op (the queue may hold the whole
loop), samples whose minimum is reported (the first, launch-only samples decide it), and one interval around the
whole long loop."""
import time

import numpy as np
import torch

model = torch.nn.Sequential(*[torch.nn.Linear(512, 512) for _ in range(24)]).cuda().eval()
x = torch.randn(8, 512, device="cuda")
a = torch.randn(64, 64, device="cuda")
with torch.no_grad():
    model(x)
b = a @ a
torch.cuda.synchronize()

few = []
with torch.no_grad():
    for _ in range(100):
        t0 = time.perf_counter()
        y = model(x)
        few.append(time.perf_counter() - t0)  # expect: WP102
print("mean", np.mean(few))  # expect: WP105

small = []
for _ in range(2000):
    t0 = time.perf_counter()
    b = a @ a
    small.append(time.perf_counter() - t0)  # expect: WP102
print("mean", np.mean(small))  # expect: WP105

best = []
with torch.no_grad():
    for _ in range(2000):
        t0 = time.perf_counter()
        y = model(x)
        best.append(time.perf_counter() - t0)  # expect: WP102
print("best", min(best))

with torch.no_grad():
    start = time.perf_counter()
    for _ in range(2000):
        y = model(x)
    total = time.perf_counter() - start  # expect: WP102
print("fps", 2000 / total)
