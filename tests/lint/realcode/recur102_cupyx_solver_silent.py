"""Twenty-second session (recur102) near miss: CuPy's iterative sparse solvers decide on the host (cg and cgs compare
the residual norm with the tolerance in a Python `if` every iteration), so each call returns once its GPU work is
done: the host clock times it."""
import time

import cupy as cp
import cupyx.scipy.sparse as sp
from cupyx.scipy.sparse.linalg import cg, cgs

n = 20000
A = sp.random(n, n, density=1e-4, format="csr") + sp.identity(n, format="csr") * 10
b = cp.ones(n)
cg(A, b)
cgs(A, b)

t0 = time.perf_counter()
x, info = cg(A, b, tol=1e-8)
t1 = time.perf_counter()
print(f"cg: {t1 - t0:.4f} s")

t0 = time.perf_counter()
y, info = cgs(A, b)
t1 = time.perf_counter()
print(f"cgs: {t1 - t0:.4f} s")
