"""WP112, silent near jax_pmap_first_call_bad.py: the `@jax.pmap` function called once (compiled) before the timed
call on the same shapes."""

import time

import jax
import jax.numpy as jnp


@jax.pmap
def work(x):
    return jnp.sin(x) * jnp.exp(x)


n = jax.local_device_count()
x = jnp.linspace(0, 10, 1 << 20).reshape(n, -1)
jax.block_until_ready(work(x))
t0 = time.perf_counter()
y = work(x)
jax.block_until_ready(y)
print(f"pmap took {time.perf_counter() - t0:.4f} s")
