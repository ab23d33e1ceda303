"""A Numba `@cuda.reduce` called without `res=`: it returns the reduction as a host scalar, copied back from the
device, so each call has finished when it returns and the clock read after the loop times the work (silent)."""
import time

import numpy as np
from numba import cuda


@cuda.reduce
def sum_reduce(a, b):
    return a + b


def bench(n, repeats=10):
    d_a = cuda.to_device(np.ones(n, dtype=np.float32))
    sum_reduce(d_a)  # warm-up: compiles the reduction kernel
    start = time.perf_counter()
    for _ in range(repeats):
        total = sum_reduce(d_a)
    return (time.perf_counter() - start) / repeats, total


if __name__ == "__main__":
    print(bench(1 << 24))
