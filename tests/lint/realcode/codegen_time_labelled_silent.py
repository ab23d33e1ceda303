"""Audit 36 class: the first launch of a JIT kernel timed and labelled as code generation ("codegen time", "JIT
time", printed where the interval is taken) measures the compiler on purpose; the kernel itself is not what the label
says is measured (silent)."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]


@cuda.jit
def scale(x, s):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= s


dx = cuda.to_device(np.ones(1 << 20, dtype=np.float32))
dy = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
t0 = time.time()
saxpy[4096, 256](np.float32(2.0), dx, dy)
t1 = time.time()
print("kernel codegen time:", t1 - t0)
cuda.synchronize()

start = time.perf_counter()
scale[4096, 256](dx, np.float32(0.5))
stop = time.perf_counter()
print(f"scale: {stop - start:.3f} s of JIT time")
cuda.synchronize()
