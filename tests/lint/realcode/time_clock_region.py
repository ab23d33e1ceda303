"""`time.clock()` (Python 2, removed in 3.8) is a host clock like `time.perf_counter()`: a region it brackets is
judged like any other. GPU work timed with it and no synchronize before the end reading is WP102; the same loop with
a synchronize before the end reading is silent."""
import time

import cupy as cp

x = cp.random.rand(1 << 22, dtype=cp.float32)
cp.linalg.norm(x)
cp.cuda.Device().synchronize()

t0 = time.clock()
for _ in range(1000):
    cp.linalg.norm(x)
t1 = time.clock() - t0  # expect: WP102
print("unsynchronized", t1)

t0 = time.clock()
for _ in range(1000):
    cp.linalg.norm(x)
cp.cuda.Device().synchronize()
print("synchronized", time.clock() - t0)
