"""Near misses of cold_event_apis_bad.py: the op runs once before the event-timed helper, the PyCUDA samples are
summarized by their median, and the JAX function is compiled by a first untimed call."""

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
    return sorted(ts)[n // 2]


m = cp.random.rand(2048, 2048, dtype=cp.float32)
cp.matmul(m, m)
print("matmul ms", event_ms(cp.matmul, m, m))

axpy = ElementwiseKernel("float a, float *x, float *y", "y[i] = a * x[i] + y[i]", "axpy")
x_gpu = gpuarray.to_gpu(np.ones(1 << 24, dtype=np.float32))
y_gpu = gpuarray.to_gpu(np.zeros(1 << 24, dtype=np.float32))
laps = []
for _ in range(20):
    s, e = drv.Event(), drv.Event()
    s.record()
    axpy(np.float32(2.0), x_gpu, y_gpu)
    e.record()
    e.synchronize()  # expect: WP101
    laps.append(s.time_till(e))
print("axpy ms", np.median(laps))


@jax.jit
def dense(w, v):
    return jnp.tanh(v @ w)


w = jnp.ones((2048, 2048))
v = jnp.ones((128, 2048))
dense(w, v).block_until_ready()  # compiles
times = []
for _ in range(20):
    t0 = time.perf_counter()
    dense(w, v).block_until_ready()
    times.append(time.perf_counter() - t0)
print("dense ms", 1000 * min(times))
