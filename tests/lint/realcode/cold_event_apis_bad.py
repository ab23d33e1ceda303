"""WP103/WP112 class (the cold first sample averaged in, read through other libraries' APIs): per-iteration samples
taken with CuPy's ``cp.cuda.get_elapsed_time(start, end)`` or PyCUDA's ``start.time_till(end)``, or a mean written
in milliseconds (``1000 * sum(times) / len(times)``), each averaging the first call of work that never ran before:
cuBLAS start-up, a kernel built on its first call (PyCUDA's ElementwiseKernel: WP112 since the twenty-first
session), a JAX function compiled on its first call."""

import time

import cupy as cp
import jax
import jax.numpy as jnp
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda import gpuarray
from pycuda.elementwise import ElementwiseKernel


def event_ms(fn, *args, n=10):
    ts = []
    for _ in range(n):
        start = cp.cuda.Event()
        end = cp.cuda.Event()
        start.record()
        fn(*args)
        end.record()
        end.synchronize()
        ts.append(cp.cuda.get_elapsed_time(start, end))
    return sum(ts) / n  # expect: WP105


m = cp.random.rand(2048, 2048, dtype=cp.float32)
print("matmul ms", event_ms(cp.matmul, m, m))  # expect: WP103

axpy = ElementwiseKernel("float a, float *x, float *y", "y[i] = a * x[i] + y[i]", "axpy")
x_gpu = gpuarray.to_gpu(np.ones(1 << 20, dtype=np.float32))
y_gpu = gpuarray.to_gpu(np.zeros(1 << 20, dtype=np.float32))
laps = []
for _ in range(20):
    s, e = drv.Event(), drv.Event()
    s.record()
    axpy(np.float32(2.0), x_gpu, y_gpu)  # expect: WP112
    e.record()
    e.synchronize()  # expect: WP101
    laps.append(s.time_till(e))
print("axpy ms", np.mean(laps))  # expect: WP105


@jax.jit
def dense(w, v):
    return jnp.tanh(v @ w)


w = jnp.ones((2048, 2048))
v = jnp.ones((128, 2048))
times = []
for _ in range(20):
    t0 = time.perf_counter()
    dense(w, v).block_until_ready()  # expect: WP112
    times.append(time.perf_counter() - t0)
print("dense ms", 1000 * sum(times) / len(times))  # expect: WP105
