"""A dict of whole sample lists, one per configuration (WP105): `results[name] = times`, then only the mean of each
list reported, read through `results[name]` or a loop over `results.items()`. Silent: the same dict reported with
its spread."""
import time

import numpy as np
import torch

net = torch.nn.Linear(1024, 1024).cuda()


def timed(x, n=50):
    times = []
    for _ in range(n):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        net(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    return times


def sweep(batches=(1, 8, 64)):
    results = {}
    for b in batches:
        x = torch.randn(b, 1024, device="cuda")
        net(x)
        times = []
        for _ in range(50):
            torch.cuda.synchronize()  # expect-extra: WP101
            t0 = time.perf_counter()
            net(x)
            torch.cuda.synchronize()
            times.append(time.perf_counter() - t0)
        results[b] = times
    for b, ts in results.items():  # expect: WP105
        print(b, f"{np.mean(ts) * 1e3:.3f} ms")


def sweep_spread(batches=(1, 8, 64)):
    results = {}
    for b in batches:
        x = torch.randn(b, 1024, device="cuda")
        net(x)
        times = []
        for _ in range(50):
            torch.cuda.synchronize()  # expect-extra: WP101
            t0 = time.perf_counter()
            net(x)
            torch.cuda.synchronize()
            times.append(time.perf_counter() - t0)
        results[b] = times
    for b, ts in results.items():
        print(b, f"{np.mean(ts) * 1e3:.3f} ms +- {np.std(ts) * 1e3:.3f}")
