"""Near misses of a CUDA library wrapper called on host arrays (WP104 stays silent): the same `Blas` handed device
arrays copied once before the timed region (`cuda.to_device`), and SciPy's host BLAS (`scipy.linalg.blas`) on NumPy
arrays, which runs on the CPU."""
from timeit import default_timer as timer

import numpy as np
from accelerate.cuda.blas import Blas
from numba import cuda
from scipy.linalg import blas as host_blas

n = 256
a = np.random.rand(n, n).astype(np.float32)
b = np.random.rand(n, n).astype(np.float32)
da = cuda.to_device(a)
db = cuda.to_device(b)
dc = cuda.device_array((n, n), dtype=np.float32)
blas = Blas()
blas.gemm("N", "N", n, n, n, 1.0, da, db, 0.0, dc)
cuda.synchronize()

start = timer()
blas.gemm("N", "N", n, n, n, 1.0, da, db, 0.0, dc)
cuda.synchronize()
print("cuBLAS gemm on device arrays took %f s" % (timer() - start))

start = timer()
out = host_blas.sgemm(1.0, a, b)
print("CPU sgemm took %f s" % (timer() - start))
