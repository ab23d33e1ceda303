"""Fifteenth session (lint89, set 75) class: `jax.block_until_ready` (or `.block_until_ready()`) waits for the arrays it
is handed only. Handed the step's input (`key`, an array bound before the region and never rebound in it), it returns
at once while the step it dispatched is still running: the loop times the dispatch."""
import time

import jax
import jax.numpy as jnp


def step(params, key):
    x = jax.random.normal(key, (2048, 2048))
    return jnp.tanh(x @ params).sum()


params = jnp.ones((2048, 2048))
key = jax.random.PRNGKey(0)
fast_step = jax.jit(step)
fast_step(params, key).block_until_ready()

t0 = time.perf_counter()
for _ in range(100):
    fast_step(params, key)
    jax.block_until_ready(key)
dt = time.perf_counter() - t0  # expect: WP102
print(f"{dt / 100 * 1e3:.3f} ms per step")

t0 = time.perf_counter()
for _ in range(100):
    loss = fast_step(params, key)
    params.block_until_ready()
dt = time.perf_counter() - t0  # expect: WP102
print(f"{dt / 100 * 1e3:.3f} ms per step", loss)
