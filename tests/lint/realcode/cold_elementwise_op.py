"""The file's first elementwise operator on GPU tensors, timed once (set 23 miss): `c = a * b` is the first launch
of that kernel (module load, context work) and is WP103; a product of the same kind run before the timed one, or an
operator on host arrays, is silent."""
import time

import numpy as np
import torch


def timed_product(n):
    a = torch.rand(n, device="cuda")
    b = torch.rand(n, device="cuda")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    c = a * b  # expect: WP103
    torch.cuda.synchronize()
    return c, time.perf_counter() - t0


def warmed_difference(n):
    a = torch.rand(n, device="cuda")
    b = torch.rand(n, device="cuda")
    a - b
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    c = a - b
    torch.cuda.synchronize()
    return c, time.perf_counter() - t0


def host_sum(n):
    a = np.random.rand(n)
    b = np.random.rand(n)
    t0 = time.perf_counter()
    c = a + b
    return c, time.perf_counter() - t0


if __name__ == "__main__":
    print(timed_product(1 << 20)[1], warmed_difference(1 << 20)[1], host_sum(1 << 20)[1])
