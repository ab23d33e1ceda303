"""A cuBLAS wrapper of the Numba-era CUDA libraries (Anaconda Accelerate's `Blas`, NumbaPro's `cudalib.cublas`,
pyculib) called on NumPy arrays inside the timed region (WP104): the wrapper allocates device copies of `a`, `b` and
`c` and copies them in and back in every call, so the reported GEMM time is mostly transfers."""
from timeit import default_timer as timer

import numpy as np
from accelerate.cuda.blas import Blas

n = 256
a = np.random.rand(n, n).astype(np.float32)
b = np.random.rand(n, n).astype(np.float32)
c = np.zeros((n, n), dtype=np.float32)
blas = Blas()
blas.gemm("N", "N", n, n, n, 1.0, a, b, 0.0, c)

start = timer()
blas.gemm("N", "N", n, n, n, 1.0, a, b, 0.0, c)  # expect: WP104
print("cuBLAS gemm took %f s" % (timer() - start))
