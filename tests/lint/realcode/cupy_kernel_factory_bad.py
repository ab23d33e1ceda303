"""Set 53 (lint59): a CuPy elementwise kernel built by a function of the file (`def _clip(): return
cp.ElementwiseKernel(...)`) and launched at once (`_clip()(x, y)`) inside the timed region of the first row of a
sweep over sizes: that first launch compiles the kernel, WP112."""
import time

import cupy as cp


def _clip():
    return cp.ElementwiseKernel("T x", "T y", "y = x > 0 ? x : 0", "clip")


for n in (1 << 16, 1 << 20, 1 << 24):
    x = cp.random.rand(n) - 0.5
    y = cp.empty_like(x)
    cp.cuda.Device().synchronize()
    s = time.perf_counter()
    _clip()(x, y)  # expect: WP112  # expect-extra: WP103
    cp.cuda.Device().synchronize()
    print(n, time.perf_counter() - s)
