"""WP112, silent near compiled_rows_printed_bad.py: the kernel launched once before the loop of printed rows, and
rows summarized by their median (one cold row among ten, left to a robust statistic), and a loop that never waits
for the device: its rows are launch times, not the kernel's (Taichi's own async test). (WP101 says each sample of a
short op also holds the synchronize's round trip.)"""

import time

import cupy as cp
import numpy as np

scale = cp.RawKernel(r"""
extern "C" __global__ void scale(float *a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) a[i] = 2.0f * a[i];
}
""", "scale")
shift = cp.RawKernel(r"""
extern "C" __global__ void shift(float *a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) a[i] = a[i] + 1.0f;
}
""", "shift")
double = cp.RawKernel(r"""
extern "C" __global__ void twice(float *a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) a[i] = a[i] * a[i];
}
""", "twice")


def warmed(n=1 << 24):
    a = cp.ones(n, dtype=cp.float32)
    scale(((n + 255) // 256,), (256,), (a, n))
    cp.cuda.Device().synchronize()
    for _ in range(10):
        t0 = time.perf_counter()
        scale(((n + 255) // 256,), (256,), (a, n))
        cp.cuda.Device().synchronize()  # expect: WP101
        dt = time.perf_counter() - t0
        print(f"{dt * 1e6:10.1f} us")


def median_of_rows(n=1 << 24):
    a = cp.ones(n, dtype=cp.float32)
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(10):
        t0 = time.perf_counter()
        shift(((n + 255) // 256,), (256,), (a, n))
        cp.cuda.Device().synchronize()  # expect: WP101
        dt = time.perf_counter() - t0
        times.append(dt)
    print(f"median {np.median(times) * 1e6:10.1f} us")


def launches_only(n=1 << 24):
    a = cp.ones(n, dtype=cp.float32)
    for _ in range(100):
        t0 = time.perf_counter()
        double(((n + 255) // 256,), (256,), (a, n))
        print(time.perf_counter() - t0)  # expect-extra: WP102


if __name__ == "__main__":
    warmed()
    median_of_rows()
    launches_only()
