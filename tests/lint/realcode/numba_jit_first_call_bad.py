"""Sets 50 and 53 (lint59): Numba compiles a function on its first call. A `@jit(target_backend="cuda")` (still a
host function) and an `@njit` one timed on their first call next to a CUDA path, and `@cuda.jit` kernels defined
inside the function that times them: every call of `fit` defines them anew, so each call's first iteration compiles
them, whoever called `fit` before (the default `iters=1` times that one iteration only): WP112."""
import time

import numpy as np
from numba import cuda, jit, njit


@jit(target_backend="cuda")
def bump(a):
    for i in range(a.size):
        a[i] += 1


@njit
def total(a):
    s = 0.0
    for v in a:
        s += v
    return s


def fit(x, iters=1, report_time=False):
    @cuda.jit
    def step(v):
        i = cuda.grid(1)
        if i < v.size:
            v[i] = 0.5 * v[i]

    d = cuda.to_device(x)
    for it in range(iters):
        if report_time:
            cuda.synchronize()
            t = time.perf_counter()
        step[x.size // 256 + 1, 256](d)  # expect: WP112
        if report_time:
            cuda.synchronize()
            print("step", it, time.perf_counter() - t)
    return d.copy_to_host()


if __name__ == "__main__":
    a = np.ones(10_000_000)
    d = cuda.to_device(a)
    start = time.perf_counter()
    bump(a)  # expect: WP112
    print("with GPU:", time.perf_counter() - start)
    start = time.perf_counter()
    s = total(a)  # expect: WP112
    print("sum:", time.perf_counter() - start)
