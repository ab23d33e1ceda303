"""Near twin of `labelled_cold_run_silent.py` (libwaits): labels that do not say warm-up, compile or first run
leave the findings: "warm" alone names the steady state after a warm-up (so a first launch printed as "warm" is a
compile the author did not mean to time), and a "kernel" time read without a synchronize measures the launch."""
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


def warm_printed(d):
    t0 = time.perf_counter()
    k1[4096, 256](d)  # expect: WP112
    cuda.synchronize()
    print(f"warm: {time.perf_counter() - t0:.3f} s")


def kernel_unsynced(d):
    k2[4096, 256](d)
    cuda.synchronize()
    t0 = time.perf_counter()
    k2[4096, 256](d)
    print(f"kernel: {time.perf_counter() - t0:.3f} s")  # expect: WP102


d = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
warm_printed(d)
kernel_unsynced(d)
