"""Set 64 (lint80), the correct neighbours of `host_clock_legacy_clock_bad.py`: the same `time.clock()` loops with a
warm-up launch of each kernel before the timed loop and a device synchronize before the end reading; and a kernel
launched once, its first call, in a region labelled as the kernel's build time (its compilation measured on
purpose)."""
import time

import cupy as cp
import numpy as np

scale_add = cp.ElementwiseKernel("float64 a, float64 b", "float64 c", "c = 2 * a + b", "scale_add")
shift = cp.ElementwiseKernel("float64 a", "float64 c", "c = a + 1", "shift")

u = cp.asarray(np.random.rand(1 << 20))
w = cp.asarray(np.random.rand(1 << 20))
cp.linalg.norm(u)
scale_add(u, w)
cp.cuda.Device().synchronize()

start = time.clock()
for _ in range(500):
    cp.linalg.norm(u)
cp.cuda.Device().synchronize()
print("norms", time.clock() - start)

start = time.clock()
for _ in range(8):
    scale_add(u, w)
cp.cuda.Device().synchronize()
print("elementwise kernel", time.clock() - start)

start = time.clock()
shift(u)
build_s = time.clock() - start
print("built in", build_s)
