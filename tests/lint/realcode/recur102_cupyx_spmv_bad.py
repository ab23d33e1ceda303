"""Twenty-second session (recur102) must-report: a sparse matrix-vector product of CuPy only queues its kernel; no
solver's host-side test follows it before the end read."""
import time

import cupy as cp
import cupyx.scipy.sparse as sp

n = 20000
A = sp.random(n, n, density=1e-4, format="csr") + sp.identity(n, format="csr") * 10
b = cp.ones(n)
y = A @ b

t0 = time.perf_counter()
for _ in range(100):
    y = A @ b
t1 = time.perf_counter()  # expect: WP102
print(f"spmv: {(t1 - t0) / 100:.6f} s")
