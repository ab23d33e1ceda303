"""A jax.jit function timed on its first call, its input a JAX array copied from a NumPy array (jnp.asarray of a
host array lives on JAX's default device, the GPU): the interval holds tracing and XLA compilation."""
import time

import jax
import jax.numpy as jnp
import numpy as np


def smooth(v):
    for _ in range(50):
        v = 0.5 * (jnp.tanh(v) + jnp.exp(-v * v))
    return v


fast_smooth = jax.jit(smooth)

host = np.random.standard_normal(4096).astype(np.float32)
dev = jnp.asarray(host)

t0 = time.perf_counter()
fast_smooth(dev).block_until_ready()  # expect: WP112
print("jit:", time.perf_counter() - t0)
