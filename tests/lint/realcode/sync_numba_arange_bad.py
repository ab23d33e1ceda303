"""A loop-free Numba kernel on device copies of `np.arange` arrays (their size known: N elements), launched once per
host-timed sample with `cuda.synchronize()` after each launch: each sample is the launch and the round trip. The
near miss below times 4096 launches between one pair of clock reads."""
from time import perf_counter_ns

import numpy as np
from numba import cuda

N = 1 << 20


@cuda.jit
def axpy(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]


def main():
    x = np.arange(N, dtype=np.float32)
    d_x = cuda.to_device(x)
    d_y = cuda.device_array_like(x)
    axpy[(N + 255) // 256, 256](np.float32(2.0), d_x, d_y)
    cuda.synchronize()
    timings = np.empty(50)
    for i in range(timings.size):
        t0 = perf_counter_ns()
        axpy[(N + 255) // 256, 256](np.float32(2.0), d_x, d_y)
        cuda.synchronize()  # expect: WP101
        timings[i] = perf_counter_ns() - t0
    print(np.median(timings), timings.std())


def batched():
    x = np.arange(0, N, 2, dtype=np.float32)
    d_x = cuda.to_device(x)
    d_y = cuda.device_array_like(x)
    axpy[(N + 255) // 256, 256](np.float32(2.0), d_x, d_y)
    cuda.synchronize()
    t0 = perf_counter_ns()
    for _ in range(4096):
        axpy[(N + 255) // 256, 256](np.float32(2.0), d_x, d_y)
    cuda.synchronize()
    print((perf_counter_ns() - t0) / 4096)
