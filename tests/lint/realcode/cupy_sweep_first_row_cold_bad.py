# One timed add per written-out size, each row printed: the first row's region is the first use of CuPy's add
# kernel for two arrays, so the 1000-element figure holds the kernel's build.
import time

import cupy as cp

for size in [1000, 100000, 10000000]:
    x = cp.ones(size, dtype=cp.float32)
    y = cp.ones(size, dtype=cp.float32)
    cp.cuda.Stream.null.synchronize()
    start = time.perf_counter()
    for _ in range(50):
        z = x + y  # expect: WP103
    cp.cuda.Stream.null.synchronize()
    ms = (time.perf_counter() - start) / 50 * 1000
    print(f"{size:>9}: {ms:.3f} ms")
