"""Near misses of retrace_per_shape_bad.py: each row's input is run once before its timed call, and a sweep whose
input keeps one shape (built once, outside the loop) compiles once, in the warm-up."""

import time

import jax
import jax.numpy as jnp


@jax.jit
def normalize(x):
    return x / jnp.linalg.norm(x)


for n in [1 << 20, 1 << 22, 1 << 24]:
    v = jnp.ones(n)
    normalize(v).block_until_ready()  # compiles for this shape
    t0 = time.perf_counter()
    normalize(v).block_until_ready()
    print(n, time.perf_counter() - t0)

w = jnp.ones(1 << 20)
normalize(w).block_until_ready()
for scale in [1.0, 2.0, 4.0]:
    t0 = time.perf_counter()
    normalize(w).block_until_ready()
    print(scale, time.perf_counter() - t0)
