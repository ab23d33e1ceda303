"""The same sweep handed CuPy's FFT itself: `cp.fft.fftn` returns once its kernels are queued, so `timeit` reads the
launch (WP102). The near miss (`timeit_helper_done_callables_silent.py`) wraps it in a function that synchronizes."""
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
