"""Near-misses of first_gpu_use_timed_bad.py: the GPU is used once before the timed regions (`cp.zeros(1)`, a
context made before the clock), so neither the first transfer nor the first call of the function of the file is the
program's first GPU use: their cold calls, on host data, stay weak. A timed first GPU use that the code labels as
start-up ("cold start") is on purpose. Silent by default."""
import time

import cupy as cp
import numpy as np
from numba import cuda


def multiply(a, b):
    da = cp.array(a)
    db = cp.array(b)
    return cp.matmul(da, db)


def transfers():
    host = np.random.random((4096, 4096)).astype(np.float32)
    start = time.time()
    dev = cuda.to_device(host)  # expect-extra: WP103
    print("to_device:", time.time() - start)
    return dev


def averaged(sizes):
    totals = {n: 0.0 for n in sizes}
    for _ in range(10):
        for n in sizes:
            a = np.random.randn(n, n).astype(np.float32)
            start = time.time()
            c = multiply(a, a)  # expect-extra: WP103
            cp.cuda.Device().synchronize()
            end = time.time()
            print(n, "time:", end - start, c.shape)
            totals[n] += end - start
    for n in sizes:
        print(n, "mean:", totals[n] / 10)


def cold_start():
    host = np.ones((1024, 1024), dtype=np.float32)
    start = time.time()
    cp.asarray(host)
    cp.cuda.Device().synchronize()
    print("cold start (context creation included):", time.time() - start)


if __name__ == "__main__":
    cold_start()
    cp.zeros(1)
    transfers()
    averaged([1024, 2048, 4096])
