"""Near miss of few_samples_first_config_bad.py: the first call of the timing function is a warm-up whose figure is
dropped (a bare call), so the printed rows are warm."""
import time

import torch


def bench(n, runs=5):
    a = torch.randn(n, n, device="cuda")
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(runs):
        torch.mm(a, a)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / runs


bench(256)
for n in (256, 512, 1024):
    print(n, bench(n))
