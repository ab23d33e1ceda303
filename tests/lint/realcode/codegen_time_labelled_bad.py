"""Audit 36 class, the near miss: the same first launch labelled as the kernel's time measures compilation by
accident (WP112) and, launched on device arrays, returns before the kernel runs (WP102)."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]


dx = cuda.to_device(np.ones(1 << 20, dtype=np.float32))
dy = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
t0 = time.time()
saxpy[4096, 256](np.float32(2.0), dx, dy)  # expect: WP112
t1 = time.time()  # expect: WP102
print("saxpy kernel time:", t1 - t0)
cuda.synchronize()
