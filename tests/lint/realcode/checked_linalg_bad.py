"""Near checked_linalg_silent.py: the forms that do not read an error code on the host (`torch.linalg.inv_ex`,
`cholesky_ex`, `torch.linalg.det`, CuPy's lu_solve) leave the work queued when the clock is read; a checked routine
on a CPU tensor does not wait for the GPU work queued before it."""

import time

import cupy as cp
import cupyx.scipy.linalg
import torch

dev = torch.device("cuda")
m = torch.randn(2048, 2048, device=dev)

torch.linalg.inv_ex(m)
t0 = time.perf_counter()
inv, info = torch.linalg.inv_ex(m)
print("inv_ex", time.perf_counter() - t0)  # expect: WP102

torch.linalg.det(m)
t0 = time.perf_counter()
d = torch.linalg.det(m)
print("det", time.perf_counter() - t0)  # expect: WP102

host = torch.randn(64, 64)
m @ m
torch.linalg.svd(host)
t0 = time.perf_counter()
y = m @ m
u, s, vh = torch.linalg.svd(host)
print("gpu matmul + cpu svd", time.perf_counter() - t0)  # expect: WP102

a = cp.random.rand(1024, 1024)
b = cp.random.rand(1024)
lu, piv = cupyx.scipy.linalg.lu_factor(a)
cupyx.scipy.linalg.lu_solve((lu, piv), b)
t0 = time.perf_counter()
x = cupyx.scipy.linalg.lu_solve((lu, piv), b)
print("lu_solve", time.perf_counter() - t0)  # expect: WP102
