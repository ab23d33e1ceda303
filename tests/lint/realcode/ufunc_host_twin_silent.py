"""A CPU-versus-GPU comparison of one ufunc body compiled for each target, timed by sibling functions written the
same way on the same host data (WP104 silent): the CUDA ufunc's copies in and out are the GPU option's cost when
called on NumPy arrays, as the CPU ufunc's is its loop; also the two sides timed in one function."""
import math
import time

import numpy as np
from numba import vectorize


@vectorize(["float32(float32, float32)"], target="cpu")
def hyp_cpu(a, b):
    return math.sqrt(a * a + b * b)


@vectorize(["float32(float32, float32)"], target="cuda")
def hyp_gpu(a, b):
    return math.sqrt(a * a + b * b)


def bench_cpu():
    n = 10_000_000
    a = np.random.rand(n).astype(np.float32)
    b = np.random.rand(n).astype(np.float32)
    for _ in range(20):
        t0 = time.perf_counter()
        hyp_cpu(a, b)
        print(time.perf_counter() - t0)


def bench_gpu():
    n = 10_000_000
    a = np.random.rand(n).astype(np.float32)
    b = np.random.rand(n).astype(np.float32)
    for _ in range(20):
        t0 = time.perf_counter()
        hyp_gpu(a, b)
        print(time.perf_counter() - t0)


def side_by_side(n):
    a = np.random.rand(n).astype(np.float32)
    b = np.random.rand(n).astype(np.float32)
    for _ in range(5):
        t0 = time.perf_counter()
        c = hyp_cpu(a, b)
        print("cpu", time.perf_counter() - t0)
    for _ in range(5):
        t0 = time.perf_counter()
        c = hyp_gpu(a, b)
        print("gpu", time.perf_counter() - t0)
    return c


if __name__ == "__main__":
    bench_cpu()
    bench_gpu()
    side_by_side(1_000_000)
