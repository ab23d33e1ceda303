"""Near misses of WP104's drawn operands, silent by default: a Monte Carlo estimate (arithmetic on the draws is the
work), a model fed a fresh latent, an operation that consumes its input in place (a sort needs unsorted data every
run), a second operation in the region, index draws, a draw with a mean (a sampling step), inputs drawn once."""
import time

import cupy as cp
import torch


def monte_carlo_pi(n, reps=10):
    cp.random.rand(8)
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        x = cp.random.rand(n)
        y = cp.random.rand(n)
        inside = cp.count_nonzero(x * x + y * y < 1.0)
    cp.cuda.Device().synchronize()
    return time.perf_counter() - t0, inside


def generator_fps(gen, reps=10):
    gen(torch.randn(16, 128, device="cuda"))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        z = torch.randn(16, 128, device="cuda")
        img = gen(z)
    torch.cuda.synchronize()
    return time.perf_counter() - t0, img


def sort_fresh(n, reps=10):
    cp.random.rand(n).sort()
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        x = cp.random.rand(n)
        x.sort()
    cp.cuda.Device().synchronize()
    return time.perf_counter() - t0


def two_ops(n, reps=10):
    torch.mm(torch.rand(8, 8, device="cuda"), torch.rand(8, 8, device="cuda"))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        a = torch.rand(n, n, device="cuda")
        b = torch.mm(a, a)
        c = torch.linalg.inv(b)
    torch.cuda.synchronize()
    return time.perf_counter() - t0, c


def gather_rows(x, n, reps=10):
    torch.index_select(x, 0, torch.randint(0, n, (n,), device="cuda"))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        torch.index_select(x, 0, torch.randint(0, n, (n,), device="cuda"))
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def noisy(mu, sigma, reps=10):
    torch.sum(torch.normal(mu, sigma))
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        s = torch.sum(torch.normal(mu, sigma))
    torch.cuda.synchronize()
    return time.perf_counter() - t0, s


def drawn_once(n, reps=10):
    a = torch.rand(n, n, device="cuda")
    torch.mm(a, a)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        b = torch.mm(a, a)
    torch.cuda.synchronize()
    return time.perf_counter() - t0, b
