"""Fifteenth session (lint93, set 83): a baseline of two cold calls on one stream, then the same calls run under
`with stream:` on two streams, the second figure set against the first: the later runs are another way of running
the work, not the same work warm. The baseline holds the library's first-call set-up: WP103 by default (it was
weak)."""

import time
import cupy as cp

a = cp.random.rand(2000, 2000).astype(cp.float32)

t0 = time.perf_counter()
x1 = cp.linalg.inv(a)  # expect: WP103
x2 = cp.linalg.inv(a)
cp.cuda.Stream.null.synchronize()
print("one stream", time.perf_counter() - t0)

s1 = cp.cuda.Stream()
s2 = cp.cuda.Stream()
t0 = time.perf_counter()
with s1:
    x1 = cp.linalg.inv(a)
with s2:
    x2 = cp.linalg.inv(a)
s1.synchronize()
s2.synchronize()
print("two streams", time.perf_counter() - t0)
