"""A CPU-vs-GPU matmul comparison that times each side's draw of its inputs with the product (set 188, ejem1; set 206,
d2l's async-computation): NumPy draws and multiplies on the CPU, CuPy draws and multiplies on the GPU, the same
steps on each side. The draw is part of what both figures measure on purpose, so WP104's drawn-inputs finding stays
silent; the GPU side is warmed and synchronized. Silent (near miss: WP104_bad.py's drawn operands alone)."""
import time

import cupy as cp
import numpy as np

N = 4096

start = time.time()
a_cpu = np.random.randn(N, N)
b_cpu = np.random.randn(N, N)
res_cpu = np.dot(a_cpu, b_cpu)
print(f"CPU time: {time.time() - start:.4f} s")

cp.dot(cp.random.randn(N, N), cp.random.randn(N, N))
cp.cuda.Device(0).synchronize()
start = time.time()
a_gpu = cp.random.randn(N, N)
b_gpu = cp.random.randn(N, N)
res_gpu = cp.dot(a_gpu, b_gpu)
cp.cuda.Device(0).synchronize()
print(f"GPU time: {time.time() - start:.4f} s")
