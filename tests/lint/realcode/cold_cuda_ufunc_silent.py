"""Near misses of cold_cuda_ufunc_bad.py: a GPU ufunc called once untimed before its timed call, a ufunc compiled
for the CPU (``target="parallel"``), and a wrapper that is warmed up first: nothing cold is timed on the GPU.
WP104 reports each launch on host arrays inside a timed region (its copies are timed; default since lint75)."""

import time

import numpy as np
from numba import vectorize


@vectorize(["float32(float32, float32)"], target="cuda")
def saxpy_gpu(x, y):
    return 2.0 * x + y


@vectorize(["float64(float64)"], target="parallel")
def logistic_cpu(v):
    return 1.0 / (1.0 + 2.718281828 ** -v)


def twice(n):
    a = np.ones(n, dtype=np.float32)
    return saxpy_gpu(a, a)


xs = np.random.rand(4_000_000).astype(np.float32)
saxpy_gpu(xs[:16], xs[:16])  # warm-up: context, module load
t0 = time.perf_counter()
ys = saxpy_gpu(xs, xs)  # expect: WP104
print("saxpy on the GPU:", time.perf_counter() - t0)

start = time.time()
curve = logistic_cpu(np.linspace(-5.0, 5.0, 8_000_000))
print("logistic on the CPU:", time.time() - start)

twice(16)
begin = time.time()
twice(1_000_000)  # expect: WP104 (a launch on host arrays one call deep, since lint78)
print("twice:", time.time() - begin)


# the ufunc's result on a host array is a host array (copied back once the kernel is done): each sample is the
# whole round trip, not a launch (no WP102), and the fastest of them is reported
vals = np.ones(2_000_000, dtype=np.float32)
laps = []
for i in range(5):
    t = time.perf_counter()
    vals = saxpy_gpu(vals, vals)  # expect: WP104
    laps.append(time.perf_counter() - t)
print("fastest:", min(laps))
