"""WP112 class (set 71): a `@jax.pmap` function, traced and compiled by XLA on its first call as `jax.jit` is,
timed once with nothing run before: the one figure is the compile."""

import time

import jax
import jax.numpy as jnp


@jax.pmap
def work(x):
    return jnp.sin(x) * jnp.exp(x)


n = jax.local_device_count()
x = jnp.linspace(0, 10, 1 << 20).reshape(n, -1)
t0 = time.perf_counter()
y = work(x)  # expect: WP112
jax.block_until_ready(y)
print(f"pmap took {time.perf_counter() - t0:.4f} s")
