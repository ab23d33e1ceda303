"""CuPy's cold costs timed (WP103): the script's first CuPy call creates the CUDA context and the memory pool; the
first elementwise operator on CuPy arrays builds (or loads) its kernel, one per operator and kind of operand (`x *= 3`
warm does not warm `x += x`). Silent: the same operator timed again, and a first call after a warm-up that created
the context."""

import time

import cupy as cp
import numpy as np

s = time.perf_counter()
x = cp.ones((512, 512, 64))  # expect: WP103
cp.cuda.Stream.null.synchronize()
print("alloc", time.perf_counter() - s)

s = time.perf_counter()
x *= 3  # expect: WP103
cp.cuda.Stream.null.synchronize()
print("scale", time.perf_counter() - s)

s = time.perf_counter()
x *= 3
x += x  # expect: WP103
cp.cuda.Stream.null.synchronize()
print("scale+add", time.perf_counter() - s)

a = cp.asarray(np.random.rand(1 << 20))
b = cp.asarray(np.random.rand(1 << 20))
s = time.perf_counter()
c = a - b  # expect: WP103
cp.cuda.Stream.null.synchronize()
print("sub", time.perf_counter() - s)

s = time.perf_counter()
c = a - b
cp.cuda.Stream.null.synchronize()
print("sub again", time.perf_counter() - s)
