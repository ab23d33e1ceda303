"""FP6 of set 41, in shapes of our own (WP103/WP112 silent): the start clock is read again inside the loop of launches
and the end clock after it, so the printed interval starts at the last iteration: the first (compiling, cold) call is
not in it. (The restart itself is the mistake here, outside WP103/WP112.)"""

import time

import numpy as np
import torch
from numba import cuda


@cuda.jit
def bump(a, offset):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += offset


d = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
start = time.time()
for chunk in range(8):
    start = time.time()
    bump[4096, 256](d, chunk)
out = d.copy_to_host()
print("elapsed", time.time() - start)

x = torch.randn(4096, 4096, device="cuda")
for step in range(4):
    t0 = time.perf_counter()
    y = x @ x
torch.cuda.synchronize()
print("last step", time.perf_counter() - t0)
