"""`jax.grad(f)(x)` of a `jax.jit` function first called inside the timed region: differentiating the jitted function
traces it again under the JVP and compiles the derivative's own programs on that first call, though `f` itself ran
(and compiled) before (seventeenth session, WP112)."""

import time

import jax
import jax.numpy as jnp


@jax.jit
def energy(u):
    return jnp.sum(jnp.cos(u) * u * u)


x = jnp.linspace(0.0, 1.0, 1 << 16)
energy(x).block_until_ready()  # the forward pass is warm
t0 = time.perf_counter()
e = energy(x).block_until_ready()
t1 = time.perf_counter()
t2 = time.perf_counter()
g = jax.grad(energy)(x).block_until_ready()  # expect: WP112
t3 = time.perf_counter()
print(f"forward {t1 - t0:.6f}s  gradient {t3 - t2:.6f}s")
