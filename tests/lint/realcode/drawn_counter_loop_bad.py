"""WP104's drawn operands through a loop's own count: a `while i < n:` loop stepped by `i += 1` (the count bound
before it, inside the region) whose body draws two inputs and runs one operation on them. The counter is no work:
the random fills are timed as the operation in every iteration."""
import time

import torch


def stress(n, iterations, device):
    torch.mm(torch.rand(8, 8, device=device), torch.rand(8, 8, device=device))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    i = 0
    while i < iterations:
        a = torch.rand(n, n, device=device)  # expect: WP104
        b = torch.rand(n, n, device=device)
        torch.matmul(a, b)
        i += 1
    torch.cuda.synchronize()
    return time.perf_counter() - t0
