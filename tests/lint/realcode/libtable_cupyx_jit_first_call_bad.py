"""A CuPy JIT kernel (`@jit.rawkernel()`): the Python function is transpiled and compiled on its first launch, here
inside the timed region, with no launch before it."""
import time

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def scale(x, y, size):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    if tid < size:
        y[tid] = x[tid] * 2


n = 1 << 20
x = cp.arange(n, dtype=cp.float32)
y = cp.empty_like(x)
start = time.perf_counter()
scale((n // 256,), (256,), (x, y, n))  # expect: WP112
cp.cuda.Device().synchronize()
print(f"{(time.perf_counter() - start) * 1e3:.3f} ms")
