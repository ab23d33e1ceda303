# A Python loop of one-element CuPy updates, timed against the NumPy loop: the first `b[i] += 1` is the script's
# first use of CuPy's add kernel (an indexed CuPy array is still a CuPy array, a 0-d view), built inside the clock.
import time

import cupy as cp
import numpy as np

n = 5000
a = np.zeros(n)
b = cp.zeros(n)

t0 = time.perf_counter()
for i in range(n):
    a[i] += 1
host_s = time.perf_counter() - t0

cp.cuda.runtime.deviceSynchronize()
t1 = time.perf_counter()
for i in range(n):
    b[i] += 1  # expect: WP103
cp.cuda.runtime.deviceSynchronize()
dev_s = time.perf_counter() - t1
print(f"numpy {host_s:.4f} s, cupy {dev_s:.4f} s")

# The vectorized add after the loop: the loop ran the add on 0-d elements only, and CuPy specializes the kernel by
# the operands' dimensions, so the 1-D add is built inside this clock.
c = cp.zeros(n)
cp.cuda.runtime.deviceSynchronize()
t2 = time.perf_counter()
c += 1  # expect: WP103
cp.cuda.runtime.deviceSynchronize()
print(f"vectorized {time.perf_counter() - t2:.4f} s")
