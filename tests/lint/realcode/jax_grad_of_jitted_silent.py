"""`jax.grad(f)(x)` of a `jax.jit` function called once, written alike, before the timed region: that call compiled
the derivative, the timed one hits JAX's cache (seventeenth session, WP112)."""

import time

import jax
import jax.numpy as jnp


@jax.jit
def energy(u):
    return jnp.sum(jnp.cos(u) * u * u)


x = jnp.linspace(0.0, 1.0, 1 << 16)
energy(x).block_until_ready()
jax.grad(energy)(x).block_until_ready()
t2 = time.perf_counter()
g = jax.grad(energy)(x).block_until_ready()
t3 = time.perf_counter()
print(f"gradient {t3 - t2:.6f}s")
