import time

import numpy as np
from numba import cuda, vectorize


@vectorize(["float32(float32, float32)"], target="cpu")
def Add(a, b):
    return a + b


A = np.ones(1_000_000, dtype=np.float32)
C = Add(A, A)


@vectorize(["float32(float32, float32)"], target="cuda")
def Add(a, b):
    return a + b


C = Add(A, A)  # the GPU ufunc copies A in and launches: the CUDA context exists after it

t0 = time.perf_counter()
d_a = cuda.to_device(A)  # expect-extra: WP103
cuda.synchronize()
print("copy", time.perf_counter() - t0)
