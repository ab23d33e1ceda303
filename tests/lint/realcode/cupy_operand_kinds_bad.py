"""A CuPy kernel is built per operator and kind of operand: a warm-up of `v * 0.5` (a number) does not build
`v * w` (two arrays), nor `v - w`; the first timed use of each is reported once per region."""
import time

import cupy as cp

v = cp.arange(1 << 22, dtype=cp.float32)
w = cp.ones(1 << 22, dtype=cp.float32)
u = v * 0.5
cp.cuda.Stream.null.synchronize()

s = time.perf_counter()
u = v * 0.5
u = v * w  # expect: WP103
cp.cuda.Stream.null.synchronize()
print("scale, product", time.perf_counter() - s)

s = time.perf_counter()
u = v * w
d = v - w  # expect: WP103
cp.cuda.Stream.null.synchronize()
print("product, difference", time.perf_counter() - s)
