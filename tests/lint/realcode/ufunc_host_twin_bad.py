"""A CUDA ufunc timed on NumPy arrays as a GPU benchmark of its own (WP104): the host version of the same body is
only used to check the result, untimed, so nothing compares calling the operation on host data on each target;
the copies in and out are timed as the kernel."""
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


def bench_gpu():
    n = 10_000_000
    a = np.random.rand(n).astype(np.float32)
    b = np.random.rand(n).astype(np.float32)
    for _ in range(20):
        t0 = time.perf_counter()
        hyp_gpu(a, b)  # expect: WP104
        print("kernel", time.perf_counter() - t0)


def check():
    a = np.random.rand(1000).astype(np.float32)
    b = np.random.rand(1000).astype(np.float32)
    assert np.allclose(hyp_cpu(a, b), hyp_gpu(a, b))


if __name__ == "__main__":
    check()
    bench_gpu()
