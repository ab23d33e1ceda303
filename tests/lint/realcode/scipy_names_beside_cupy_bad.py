"""A file that imports SciPy's solvers by bare name and CuPy's under its own: the CuPy solve is GPU work, timed with
no synchronize before the end read. Reported."""
import time

import cupy as cp
import cupyx.scipy.sparse as cp_sparse
import cupyx.scipy.sparse.linalg as cp_linalg
import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import cg, spsolve


def solve_gpu(G: sp.csr_matrix, b: np.ndarray):
    Gd = cp_sparse.csr_matrix(G)
    bd = cp.asarray(b)
    cp.cuda.Stream.null.synchronize()
    start = time.time()
    x = cp_linalg.spsolve(Gd, bd)
    elapsed = time.time() - start  # expect: WP102
    return x, elapsed
