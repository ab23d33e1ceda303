"""The project's own timer module, named like the standard library's: Python imports this file first for a script
of this folder (sys.path[0] is searched before the standard library)."""
import time

import torch


def timeit(fn, runs=10, wait=True):
    total = 0.0
    for _ in range(runs):
        if wait:
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        if wait:
            torch.cuda.synchronize()
        total += time.perf_counter() - t0
    return total / runs
