"""Near misses of the counted loop, silent: the loop keeps each result (a second statement that is work on the
output), and a loop run until a clock says stop (its test reads a clock, not a count)."""
import time

import torch


def stress_kept(n, iterations, device):
    torch.mm(torch.rand(8, 8, device=device), torch.rand(8, 8, device=device))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    i = 0
    kept = []
    while i < iterations:
        a = torch.rand(n, n, device=device)
        b = torch.rand(n, n, device=device)
        kept.append(torch.matmul(a, b).norm())
        i += 1
    torch.cuda.synchronize()
    return time.perf_counter() - t0, kept


def stress_for(seconds, n, device):
    torch.mm(torch.rand(8, 8, device=device), torch.rand(8, 8, device=device))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    done = 0
    while time.perf_counter() - t0 < seconds:
        a = torch.rand(n, n, device=device)
        torch.matmul(a, a)
        torch.cuda.synchronize()
        done += 1
    return done
