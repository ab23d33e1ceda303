"""Every pass of a timed loop printed, then two summaries: the mean of all passes and the mean from the second pass
on (`times[1:]`). The cold first pass (cuBLAS's first use, a lazily compiled kernel's compilation) is shown on
purpose and the warm figure is reported apart from it: no WP103, no WP112."""
from timeit import default_timer as timer

import numpy as np
import torch
from numba import cuda


@cuda.jit
def bump_kernel(a, n):
    i = cuda.grid(1)
    if i < n:
        a[i] += 1


def matmuls():
    x = torch.randn(8192, 8192, device="cuda")
    times = []
    for i in range(5):
        start = timer()
        y = x @ x
        torch.cuda.synchronize()
        dt = timer() - start
        times.append(dt)
        print(i, "matmul pass:", round(dt, 6), y[0, 0].item())
    print("Average:", sum(times) / len(times))
    print("Average after first pass:", sum(times[1:]) / len(times[1:]))


def kernels():
    n = 1 << 26
    d = cuda.to_device(np.ones(n, dtype=np.float32))
    times = []
    for i in range(5):
        start = timer()
        bump_kernel[(n + 255) // 256, 256](d, n)
        cuda.synchronize()
        dt = timer() - start
        times.append(dt)
        print(i, "kernel pass:", round(dt, 6))
    print("Average:", sum(times) / len(times))
    print("Average after first pass:", np.mean(times[1:]))


if __name__ == "__main__":
    matmuls()
    kernels()
