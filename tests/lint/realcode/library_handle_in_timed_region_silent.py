# The handle is created before the clock starts, and the GEMM runs once untimed: only the warm GEMM is timed.
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
from pycuda import gpuarray
from skcuda import cublas

n = 4096


def gflops():
    a = gpuarray.to_gpu(np.random.randn(n, n).astype("float32"))
    b = gpuarray.to_gpu(np.random.randn(n, n).astype("float32"))
    c = gpuarray.zeros((n, n), "float32")
    handle = cublas.cublasCreate()
    cublas.cublasSgemm(handle, "n", "n", n, n, n, 1.0, a.gpudata, n, b.gpudata, n, 0.0, c.gpudata, n)
    pycuda.autoinit.context.synchronize()
    t = time.perf_counter()
    cublas.cublasSgemm(handle, "n", "n", n, n, n, 1.0, a.gpudata, n, b.gpudata, n, 0.0, c.gpudata, n)
    pycuda.autoinit.context.synchronize()
    t = time.perf_counter() - t
    cublas.cublasDestroy(handle)
    return 2 * n ** 3 / t * 1e-9


def init_time():
    t0 = time.perf_counter()
    h = cublas.cublasCreate()
    init_s = time.perf_counter() - t0  # start-up measured on purpose
    cublas.cublasDestroy(h)
    return init_s


if __name__ == "__main__":
    print("GFLOPS:", gflops())
    print("cuBLAS init:", init_time())
