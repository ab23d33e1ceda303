"""A timing function called once per configuration of a sweep, each call's time per run over 5 runs printed: its first
call's figure holds the cold first matmul (cuBLAS start-up) as one of 5 samples (twenty-second session, sets
137-156)."""
import time

import torch


def bench(n, runs=5):
    a = torch.randn(n, n, device="cuda")
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(runs):
        torch.mm(a, a)  # expect: WP103
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / runs


for n in (256, 512, 1024):
    print(n, bench(n))
