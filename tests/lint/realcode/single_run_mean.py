"""Set 28 class (borderline WP105): the samples of each configuration are taken in `for _ in range(n_runs)` with
`n_runs = 1`, then averaged: the mean is the only sample, there is no spread to report (no WP105). The decode loop's
first configuration is its first call (WP103). The same for a timing function whose `runs` defaults to 1 and no
call passes it."""

import time

import numpy as np
import torch

model = torch.nn.Linear(512, 512).cuda()
n_runs = 1
results = []
for n_tokens in [64, 256]:
    times = []
    for _ in range(n_runs):
        x = torch.randn(1, 512, device="cuda")
        start = time.time()
        for _ in range(n_tokens):
            x = model(x)  # expect: WP103
        torch.cuda.synchronize()
        times.append(time.time() - start)
    results.append(np.mean(times))
print(results)


def bench(net, x, runs=1):
    times = []
    for _ in range(runs):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        net(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    return np.mean(times)


print(bench(model, torch.randn(8, 512, device="cuda")))
