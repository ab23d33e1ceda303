# The transfer is timed by itself in the first sweep (and the product by itself); the second sweep times copy and
# product together as the end-to-end GPU figure compared with the CPU: the copy there is included on purpose.
import time

import cupy as cp
import numpy as np

sizes = [256, 1024, 4096]
cp.matmul(cp.ones((64, 64)), cp.ones((64, 64)))  # warm-up
cp.cuda.Stream.null.synchronize()
for n in sizes:
    A = np.random.rand(n, n)
    B = np.random.rand(n, n)
    t0 = time.time()
    A_d = cp.asarray(A)
    B_d = cp.asarray(B)
    cp.cuda.Stream.null.synchronize()
    t_copy = time.time() - t0
    t0 = time.time()
    cp.matmul(A_d, B_d)
    cp.cuda.Stream.null.synchronize()
    t_mm = time.time() - t0
    print(n, t_copy, t_mm)

for n in sizes:
    A = np.random.rand(n, n)
    B = np.random.rand(n, n)
    t0 = time.time()
    np.matmul(A, B)
    t_cpu = time.time() - t0
    t0 = time.time()
    A_d = cp.asarray(A)
    B_d = cp.asarray(B)
    cp.matmul(A_d, B_d)
    cp.cuda.Stream.null.synchronize()
    t_gpu = time.time() - t0
    print(n, t_cpu / t_gpu)
