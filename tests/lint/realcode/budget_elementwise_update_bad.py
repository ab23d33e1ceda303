"""The same budget loop, but counting the updates it made within the budget (`done += 1`): the count over the
budget is a throughput, so the unsynchronized clock reading that ends it is a timed region."""
import time

import torch

n, d = 64, 64
x = torch.rand(n, d, device="cuda")
limit = 2.0
warm = x[0, 0] * x[0, 1]  # (the element kernels loaded once, untimed)

start = time.time()
h = torch.zeros(d, device="cuda")
done = 0
for j in range(d):
    for k in range(d):
        h[j] += x[0, j] * h[k]
        done += 1
        ct = time.time() - start  # expect: WP102
        if ct > limit:
            break
print(f"{done / limit:.0f} updates/s")
