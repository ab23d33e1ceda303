"""`spsolve` and `cg` imported from SciPy by bare name, in a file that also imports CuPy under other names: resolved
through the file's own imports they are SciPy's, computing on the host; the timing is right. Silent."""
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import cg, spsolve

try:
    import cupy as cp
    import cupyx.scipy.sparse as cp_sparse
    from cupyx.scipy.sparse.linalg import cg as cp_cg
    GPU_AVAILABLE = True
except ImportError:
    GPU_AVAILABLE = False


def solve_direct_cpu(G: sp.csr_matrix, b: np.ndarray):
    start = time.time()
    x = spsolve(G, b)
    elapsed = time.time() - start
    return x, elapsed


def solve_cg_cpu(G: sp.csr_matrix, b: np.ndarray):
    start = time.time()
    x, info = cg(G, b, atol=1e-6, maxiter=1000)
    elapsed = time.time() - start
    return x, elapsed


def solve_cg_gpu(G: sp.csr_matrix, b: np.ndarray):
    G = cp_sparse.csr_matrix(G)
    b = cp.asarray(b)
    start = time.time()
    x, info = cp_cg(G, b)
    cp.cuda.Stream.null.synchronize()
    elapsed = time.time() - start
    return cp.asnumpy(x), elapsed
