"""Near misses of the flush that undoes a warm-up (WP104 stays silent by default): a flush before each run of a
sweep whose work never ran before it (each size timed cold on purpose: other rules judge a missing warm-up), and a
benchmark function that flushes and then runs its own work, called before a later timed region (it is no clean-up
helper)."""
import time

import torch


def cold_sizes():
    for n in (1024, 2048, 4096):
        torch.cuda.empty_cache()
        t0 = time.perf_counter()
        torch.linalg.qr(torch.ones(n, n, device="cuda"))
        torch.cuda.synchronize()
        print(n, "cold s", time.perf_counter() - t0)


def flush_and_scale(x):
    torch.cuda.empty_cache()
    return (x * 3).sum()


cold_sizes()
a = torch.randn(4096, 4096, device="cuda")
a @ a
flush_and_scale(a)
torch.cuda.synchronize()
t0 = time.perf_counter()
b = a @ a
torch.cuda.synchronize()
print("matmul s", time.perf_counter() - t0)
