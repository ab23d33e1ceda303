# A cuBLAS handle created inside the timed region: the library's start-up is timed with the one GEMM it serves.
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
    t = time.perf_counter()
    handle = cublas.cublasCreate()  # expect: WP103
    cublas.cublasSgemm(handle, "n", "n", n, n, n, 1.0, a.gpudata, n, b.gpudata, n, 0.0, c.gpudata, n)
    cublas.cublasDestroy(handle)
    pycuda.autoinit.context.synchronize()
    t = time.perf_counter() - t
    return 2 * n ** 3 / t * 1e-9


if __name__ == "__main__":
    print("GFLOPS:", gflops())
