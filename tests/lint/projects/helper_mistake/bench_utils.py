"""A timing helper of the project that prints only the mean of its samples: the mistake lives here."""
import time

import torch


def bench(label, fn, n=20):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    laps = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        laps.append(time.perf_counter() - t)
    print(label, sum(laps) / len(laps))  # expect: WP105
