"""A timing the code labels as a warm-up, a compile or a cold first run (libwaits): the first launch of a lazily
compiled Numba kernel printed as "Warm-up run took", stored under a "first" key, or "including compilation", and an
unsynchronized read printed as the "first launch" or as the "warmup" are measured on purpose: no WP102, WP103 or
WP112 there."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def k1(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@cuda.jit
def k2(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


@cuda.jit
def k3(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] -= 1


@cuda.jit
def k4(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] /= 2


def warmup_printed(d):
    t0 = time.perf_counter()
    k1[4096, 256](d)
    cuda.synchronize()
    print(f"Warm-up run took {time.perf_counter() - t0:.3f} s")


def first_key(d, times):
    t0 = time.perf_counter()
    k2[4096, 256](d)
    cuda.synchronize()
    times["first"] = time.perf_counter() - t0


def first_launch_unsynced():
    d = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
    t0 = time.perf_counter()
    k3[4096, 256](d)
    print(f"first launch: {time.perf_counter() - t0:.3f} s")
    t0 = time.perf_counter()
    k3[4096, 256](d)
    cuda.synchronize()
    print(f"second launch: {time.perf_counter() - t0:.3f} s")


def warmup_unsynced():
    d = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
    t0 = time.perf_counter()
    k4[4096, 256](d)
    dt = time.perf_counter() - t0
    print("warmup", dt)
    t0 = time.perf_counter()
    for _ in range(10):
        k4[4096, 256](d)
    cuda.synchronize()
    print("timed", (time.perf_counter() - t0) / 10)


d = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
times = {}
warmup_printed(d)
first_key(d, times)
first_launch_unsynced()
warmup_unsynced()
