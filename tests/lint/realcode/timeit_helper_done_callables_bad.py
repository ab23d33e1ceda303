"""The same sweep handed CuPy's FFT itself: `cp.fft.fftn` returns once its kernels are queued, so `timeit` reads the
launch (WP102), and so does `np.matmul` handed CuPy arrays (NumPy hands them to CuPy). The near miss
(`timeit_helper_done_callables_silent.py`) wraps the FFT in a function that synchronizes."""
from timeit import timeit

import cupy as cp
import numpy as np


def sweep(fn, xp, sizes):
    rows = []
    for n in sizes:
        x = xp.random.uniform(0, 1, (n, n))
        fn(x)
        rows.append((n, timeit("fn(x)", globals=locals(), number=20) / 20))  # expect: WP102
    return rows


print(sweep(np.fft.fftn, np, [64, 128]))
print(sweep(cp.fft.fftn, cp, [64, 128]))


def pair(fn, a, b):
    fn(a, b)
    return timeit(lambda: fn(a, b), number=50) / 50  # expect: WP102


a_gpu = cp.random.rand(1024, 1024)
print(pair(np.matmul, a_gpu, a_gpu))  # NumPy hands CuPy arrays to CuPy's own matmul: queued on the GPU
