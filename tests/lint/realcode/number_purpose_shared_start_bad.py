"""What the timed number is for (`rules/_number_purpose.py`): a region's label is read only from the prints of its own
interval. Two intervals share one start reading, a "solve time" up to the end of the work and a "total time" up to
after the result is printed; the "total" print subtracts the shared start from another reading, so it labels the
longer interval, not the solve time, whose random operands (WP104) are then a distortion of the number it reports."""
import time

import cupy as cp

n = 4096
cp.matmul(cp.ones((8, 8)), cp.ones((8, 8)))
cp.cuda.Device().synchronize()
t_start = time.perf_counter()
m = cp.random.rand(n, n)  # expect: WP104
v = cp.random.rand(n, n)
product = cp.matmul(m, v)
cp.cuda.Device().synchronize()
t_solved = time.perf_counter()
print(product)
t_shown = time.perf_counter()
print("solve time:", t_solved - t_start)
print("total time with output:", t_shown - t_start)
