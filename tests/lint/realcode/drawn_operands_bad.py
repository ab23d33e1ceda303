"""A timed region that only draws random inputs and runs one operation on them (WP104, default part): the random fill
(and, for a draw made on the host, the copy to the device) is timed with the operation it reports, in every
iteration of the loop, in a one-off region, or one call deep in a function of the file the region calls."""
import time

import cupy as cp
import cupyx.scipy.linalg
import torch


def lu_sweep(sizes, reps=100):
    out = []
    cupyx.scipy.linalg.lu(cp.random.rand(8, 8))
    cp.cuda.Device().synchronize()
    for n in sizes:
        t0 = time.perf_counter()
        for i in range(reps):
            cp.random.seed(i)
            a = cp.random.rand(n, n)  # expect: WP104
            p, l, u = cupyx.scipy.linalg.lu(a)
        cp.cuda.Device().synchronize()
        out.append((time.perf_counter() - t0) / reps)
    return out


def star(reps=100):
    torch.einsum("ij,ik,il->jkl", *[torch.rand(8, 8, device="cuda")] * 3)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        h = torch.rand(400, 400)  # expect: WP104
        d = h.cuda()
        z = torch.einsum("ji,ki,li->jkl", d, d, d)
        torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps


def broadcast(n, device):
    torch.add(torch.randn(n, 1, device=device), torch.randn(n, device=device))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    torch.add(torch.randn(n, 1, device=device), torch.randn(n, device=device))  # expect: WP104
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def matvec(n, device):
    a = torch.rand((n, n), device=device)  # expect: WP104
    x = torch.rand(n, device=device)
    b = torch.matmul(a, x)
    return b


def repeat_matvec(n, reps=10):
    matvec(n, "cuda")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        matvec(n, "cuda")
    torch.cuda.synchronize()
    return time.perf_counter() - t0
