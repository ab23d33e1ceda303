"""A CUDA ufunc given its signature, then a CPU ufunc of the same name bound after it. The CUDA one's decoration
compiles it for the GPU when the module runs, and that compile creates the CUDA context (3 of 3 fresh processes on
an H200, benchmarks/eager_jit_context.py, twenty-fourth session), so the timed copy below is not the program's first
GPU use, whatever `Add` names afterwards: silent since the measurement (WP103 before it)."""
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
d_a = cuda.to_device(A)  # expect-extra: WP103
cuda.synchronize()
print("copy", time.perf_counter() - t0)
