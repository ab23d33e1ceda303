"""Numba's CUDA events (`cuda.event()`, `cuda.event_elapsed_time(start, end)`) time a region like torch's and CuPy's
do: a loop of per-sample event pairs with a synchronize after each launch of a loop-free `@cuda.jit` kernel on 2^20
elements (WP101), whose samples only give a mean (WP105). Silent: the same launches timed between one pair of
events around the whole loop, reported with the count; and events recorded in a function but read at module level
after its third call (the reading is of a warm call, not of the first one, whatever the first call compiled)."""
import numpy as np
from numba import cuda


@cuda.jit
def axpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = a * x[i] + y[i]


@cuda.jit
def scale(x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = 3.0 * x[i]


n = 1 << 20
x = cuda.to_device(np.ones(n, np.float32))
y = cuda.to_device(np.zeros(n, np.float32))
blocks = (n + 255) // 256
axpy[blocks, 256](np.float32(2.0), x, y)
cuda.synchronize()

times = []
for _ in range(100):
    start, end = cuda.event(), cuda.event()
    start.record()
    axpy[blocks, 256](np.float32(2.0), x, y)
    end.record()
    end.synchronize()  # expect: WP101
    times.append(cuda.event_elapsed_time(start, end))
print("axpy mean ms", sum(times) / len(times))  # expect: WP105

first, last = cuda.event(), cuda.event()
first.record()
for _ in range(100):
    axpy[blocks, 256](np.float32(2.0), x, y)
last.record()
last.synchronize()
print("axpy ms per launch over 100", cuda.event_elapsed_time(first, last) / 100)

mark_a, mark_b = cuda.event(), cuda.event()


def run_scale():
    mark_a.record()
    scale[blocks, 256](x, y)
    mark_b.record()
    return y.copy_to_host()


run_scale()
run_scale()
run_scale()
print("third scale launch ms", cuda.event_elapsed_time(mark_a, mark_b))
