"""Copies back into pageable host memory return once the data is there, whatever the stream or `non_blocking`
says (the CUDA runtime's API synchronization behavior), and CuPy's and PyCUDA's `get` block: the clock read after
them covers the work."""
import time

import cupy as cp
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray
import torch
from numba import cuda


@cuda.jit
def scale(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= k


def numba_stream_copy(n):
    d = cuda.to_device(np.ones(n, dtype=np.float32))
    host = np.empty(n, dtype=np.float32)
    s = cuda.stream()
    scale[n // 256, 256, s](d, 2.0)
    t0 = time.perf_counter()
    scale[n // 256, 256, s](d, 2.0)
    d.copy_to_host(host, stream=s)
    print(time.perf_counter() - t0, host[0])


def pycuda_async_into_pageable(n):
    a = gpuarray.to_gpu(np.random.rand(n).astype(np.float32))
    out = np.empty(n, dtype=np.float32)
    stream = drv.Stream()
    b = a * 2
    t0 = time.perf_counter()
    b = a * 2
    drv.memcpy_dtoh_async(out, b.gpudata, stream)
    print(time.perf_counter() - t0, out.sum())


def pycuda_get_into(n):
    a = gpuarray.to_gpu(np.random.rand(n).astype(np.float32))
    host = np.empty(n, dtype=np.float32)
    b = a + a
    t0 = time.perf_counter()
    b = a + a
    b.get(host)
    print(time.perf_counter() - t0, host[0])


def torch_non_blocking_into_pageable(n):
    x = torch.randn(n, n, device="cuda")
    host = torch.empty(n, n)
    y = x @ x
    t0 = time.perf_counter()
    y = x @ x
    host.copy_(y, non_blocking=True)
    print(time.perf_counter() - t0, host[0, 0])


def cupy_get_out(n):
    x = cp.random.rand(n, n, dtype=cp.float32)
    host = np.empty((n, n), dtype=np.float32)
    y = x @ x
    t0 = time.perf_counter()
    y = x @ x
    y.get(out=host)
    print(time.perf_counter() - t0, host.sum())
