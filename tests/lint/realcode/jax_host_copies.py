"""JAX dispatches asynchronously, as CUDA launches do: a host clock read right after a jitted call measures the
dispatch (reported). Copying the result to the host first (`np.asarray(y)`, `jax.device_get(y)`) or
`block_until_ready()` waits for the computation: the interval covers it (silent)."""

import time

import jax
import jax.numpy as jnp
import numpy as np

x = jnp.ones((2048, 2048))
square = jax.jit(lambda a: a @ a)
square(x).block_until_ready()

t0 = time.perf_counter()
y = square(x)
host = np.asarray(y)
print("to numpy", time.perf_counter() - t0)

t0 = time.perf_counter()
host = jax.device_get(square(x))
print("device_get", time.perf_counter() - t0)

t0 = time.perf_counter()
y = square(x).block_until_ready()
print("blocked", time.perf_counter() - t0)

t0 = time.perf_counter()
y = square(x)
print("dispatch", time.perf_counter() - t0)  # expect: WP102
