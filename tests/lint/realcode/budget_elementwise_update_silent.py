"""A recurrence updated element by element on the GPU, stopped once the clock passes a limit: the stop test's
clock difference `ct` is read only by the `break` (no figure is made of it); the element updates are the loop's
work, not a count of it. The interval reported after the loop synchronizes first."""
import time

import torch

n, d = 64, 64
x = torch.rand(n, d, device="cuda")
limit = 2.0
warm = x[0, 0] * x[0, 1]  # (the element kernels loaded once, untimed)

start = time.time()
h = torch.zeros(d, device="cuda")
for i in range(n):
    for j in range(d):
        for k in range(d):
            h[j] += x[i, j] * h[k]
            ct = time.time() - start
            if ct > limit:
                break
torch.cuda.synchronize()
rt = time.time() - start
print(f"recurrence: {rt:.3f} s")
