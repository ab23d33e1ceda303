"""Silent: linear algebra that reads its error code on the host before it returns. PyTorch's checked routines
(torch.linalg.inv/svd/cholesky/solve..., the old torch.svd/torch.inverse, a tensor's .inverse()) synchronize the
device when their input is on the GPU, and CuPy's lu_factor compares its dev_info on the host: the clock read after
one covers the work queued before it. Each is warmed up first."""

import time

import cupy as cp
import cupyx.scipy.linalg
import torch

dev = torch.device("cuda")
m = torch.randn(2048, 2048, device=dev)
spd = m @ m.T + 2048 * torch.eye(2048, device=dev)

torch.linalg.svd(m)
t0 = time.perf_counter()
u, s, vh = torch.linalg.svd(m)
print("svd", time.perf_counter() - t0)

torch.svd(m)
t0 = time.perf_counter()
u, s, v = torch.svd(m)
print("old svd", time.perf_counter() - t0)

m.inverse()
t0 = time.perf_counter()
inv = m.inverse()
print("inverse", time.perf_counter() - t0)

torch.linalg.cholesky(spd)
t0 = time.perf_counter()
low = torch.linalg.cholesky(spd)
print("cholesky", time.perf_counter() - t0)

a = cp.random.rand(1024, 1024)
cupyx.scipy.linalg.lu_factor(a)
t0 = time.perf_counter()
lu, piv = cupyx.scipy.linalg.lu_factor(a)
print("lu_factor", time.perf_counter() - t0)

import cupyx.scipy.sparse
import cupyx.scipy.sparse.linalg

sp = cupyx.scipy.sparse.csr_matrix(a)
rhs = cp.random.rand(1024)
cupyx.scipy.sparse.linalg.lsqr(sp, rhs)
t0 = time.perf_counter()
sol = cupyx.scipy.sparse.linalg.lsqr(sp, rhs)[0]
print("lsqr", time.perf_counter() - t0)
