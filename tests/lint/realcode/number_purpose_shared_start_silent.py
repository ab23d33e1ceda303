"""What the timed number is for (`rules/_number_purpose.py`): a print that subtracts the region's own two readings
labels it, whatever else the print shows. Silent: the one interval, printed as a total beside the time since another
reading (a longer whole run), includes its random operands on purpose."""
import time

import cupy as cp

n = 4096
cp.matmul(cp.ones((8, 8)), cp.ones((8, 8)))
cp.cuda.Device().synchronize()
t_load = time.perf_counter()
t_start = time.perf_counter()
m = cp.random.rand(n, n)
v = cp.random.rand(n, n)
product = cp.matmul(m, v)
cp.cuda.Device().synchronize()
t_solved = time.perf_counter()
print("total time:", t_solved - t_start, "since load:", t_solved - t_load)
