"""A timing helper handed the function to time: NumPy's and SciPy's FFT (host work) and a CuPy FFT wrapped in a
function of the file that synchronizes before it returns. Every callable the helper is handed leaves nothing
pending when it returns, so `timeit` reads a finished interval (near miss: `timeit_helper_done_callables_bad.py`)."""
from timeit import timeit

import cupy as cp
import numpy as np
import scipy as sp


def fft_synced(x):
    out = cp.fft.fftn(x)
    cp.cuda.Stream.null.synchronize()
    return out


def sweep(fn, xp, sizes):
    rows = []
    for n in sizes:
        x = xp.random.uniform(0, 1, (n, n))
        fn(x)
        rows.append((n, timeit("fn(x)", globals=locals(), number=20) / 20))
    return rows


print(sweep(np.fft.fftn, np, [64, 128]))
print(sweep(sp.fft.fftn, np, [64, 128]))
print(sweep(fft_synced, cp, [64, 128]))
