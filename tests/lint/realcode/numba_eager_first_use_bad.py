"""Near twin of `numba_eager_signature_silent.py` (libwaits): a Numba kernel given its signature is compiled (and
bound to the context) at its `def`, but where its first timed launch is also the program's first GPU use (handed
host arrays, nothing on the device before) the timed span still pays the first use's set-up: WP103 (not WP112)."""
import time

import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], float32[:])")
def double(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 2 * src[i]


src = np.ones(1 << 20, dtype=np.float32)
dst = np.zeros_like(src)

t0 = time.perf_counter()
double[4096, 256](src, dst)  # expect: WP103, WP104
print("double", time.perf_counter() - t0)
