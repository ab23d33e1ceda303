"""Near twins of `numba_jit_first_call_bad.py` (lint59), silent: the `@jit` function called once before its timed
call, an `@njit` given its signature (compiled at the `def`) and one with `cache=True` (read back from disk), and
kernels defined inside the timed function but launched once before its timed loop, or timed under a condition on
the iteration (`if it > 0:`: the compiling first iteration is left out; its per-iteration sync is WP101's weak finding)."""
import time

import numpy as np
from numba import cuda, jit, njit


@jit(target_backend="cuda")
def bump(a):
    for i in range(a.size):
        a[i] += 1


@njit("f8(f8[:])")
def total(a):
    s = 0.0
    for v in a:
        s += v
    return s


@njit(cache=True)
def peak(a):
    m = a[0]
    for v in a:
        m = max(m, v)
    return m


def fit(x, iters=1, report_time=False):
    @cuda.jit
    def step(v):
        i = cuda.grid(1)
        if i < v.size:
            v[i] = 0.5 * v[i]

    d = cuda.to_device(x)
    step[x.size // 256 + 1, 256](d)
    for it in range(iters):
        if report_time:
            cuda.synchronize()
            t = time.perf_counter()
        step[x.size // 256 + 1, 256](d)
        if report_time:
            cuda.synchronize()
            print("step", it, time.perf_counter() - t)
    return d.copy_to_host()


def fit_later(x, iters=10):
    @cuda.jit
    def halve(v):
        i = cuda.grid(1)
        if i < v.size:
            v[i] = 0.5 * v[i]

    d = cuda.to_device(x)
    for it in range(iters):
        if it > 0:
            cuda.synchronize()
            t = time.perf_counter()
        halve[x.size // 256 + 1, 256](d)
        if it > 0:
            cuda.synchronize()  # expect-extra: WP101
            print("halve", it, time.perf_counter() - t)
    return d.copy_to_host()


if __name__ == "__main__":
    a = np.ones(10_000_000)
    d = cuda.to_device(a)
    bump(a)
    start = time.perf_counter()
    bump(a)
    print("with GPU:", time.perf_counter() - start)
    start = time.perf_counter()
    s = total(a)
    m = peak(a)
    print("sum, max:", time.perf_counter() - start)
