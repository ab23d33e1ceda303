"""Twenty-second session (recur102) near miss: CuPy's sparse solvers decide on the host (cg compares the residual
norm with the tolerance in a Python `if` every iteration; spsolve runs cuSOLVER's csrlsvqr, which returns its
singularity flag in host memory), so each call returns once its GPU work is done: the host clock times it."""
import time

import cupy as cp
import cupyx.scipy.sparse as sp
from cupyx.scipy.sparse.linalg import cg, spsolve

n = 20000
A = sp.random(n, n, density=1e-4, format="csr") + sp.identity(n, format="csr") * 10
b = cp.ones(n)
cg(A, b)
spsolve(A, b)

t0 = time.perf_counter()
x, info = cg(A, b, tol=1e-8)
t1 = time.perf_counter()
print(f"cg: {t1 - t0:.4f} s")

t0 = time.perf_counter()
y = spsolve(A, b)
t1 = time.perf_counter()
print(f"spsolve: {t1 - t0:.4f} s")
