"""The program's first GPU use inside a timed region, reached by the walk of the program (sets 50 and 53: a first
`cuda.to_device` timed as "transfer", a function of the file that makes its CuPy arrays and multiplies them, timed on
the first of ten runs that are averaged, a notebook function moving `torch.randn` to a device chosen by
`torch.cuda.is_available()`): the first call creates the CUDA context (hundreds of milliseconds) inside the span.
The cold call is not shown on the GPU by its own operands (host arrays handed in), but the walk shows that the
call names the GPU and that nothing used it before: WP103 by default (before: weak). `torch.cuda.is_available()`,
`device_count()` and `get_device_name()` answer without a context (checked on an H200: the primary context stays
inactive), so they do not warm the next call. A notebook's first `.cuda()` copy timed as "transfer" is the same
class (`first_gpu_use`, reported at the copy)."""
import sys
import time

import cupy as cp
import numpy as np
import torch
from numba import cuda


def multiply(a, b):
    da = cp.array(a)
    db = cp.array(b)
    return cp.matmul(da, db)


def transfers():
    host = np.random.random((4096, 4096)).astype(np.float32)
    start = time.time()
    dev = cuda.to_device(host)  # expect: WP103
    print("to_device:", time.time() - start)
    return dev


def copy():
    a = torch.randn(4096, 4096)
    t0 = time.time()
    a_gpu = a.cuda()  # expect: WP103
    torch.cuda.synchronize()
    print("transfer:", time.time() - t0, a_gpu.shape)


def averaged(sizes):
    totals = {n: 0.0 for n in sizes}
    for _ in range(10):
        for n in sizes:
            a = np.random.randn(n, n).astype(np.float32)
            start = time.time()
            c = multiply(a, a)  # expect: WP103
            cp.cuda.Device().synchronize()
            end = time.time()
            print(n, "time:", end - start, c.shape)
            totals[n] += end - start
    for n in sizes:
        print(n, "mean:", totals[n] / 10)


if __name__ == "__main__":
    if torch.cuda.is_available():
        print("GPU:", torch.cuda.device_count(), torch.cuda.get_device_name(0))
    if sys.argv[1:] == ["transfers"]:
        transfers()
    elif sys.argv[1:] == ["copy"]:
        copy()
    else:
        averaged([1024, 2048, 4096])
