import time

import numpy as np
from numba import cuda, vectorize


@vectorize(["float32(float32, float32)"], target="cuda")
def Add(a, b):
    return a + b


@vectorize(["float32(float32, float32)"], target="cpu")
def Add(a, b):
    return a + b


A = np.ones(1_000_000, dtype=np.float32)
C = Add(A, A)  # the CPU ufunc bound last: host work, no context

t0 = time.perf_counter()
d_a = cuda.to_device(A)  # expect: WP103
cuda.synchronize()
print("copy", time.perf_counter() - t0)
