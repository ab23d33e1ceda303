"""Fifteenth session (lint89), the silent side: the wait is handed the step's output (a name the region binds, the call
itself, an element of the output), so it returns once the step is done."""
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
    loss = fast_step(params, key)
    jax.block_until_ready(loss)
dt = time.perf_counter() - t0
print(f"{dt / 100 * 1e3:.3f} ms per step")

t0 = time.perf_counter()
for _ in range(100):
    jax.block_until_ready(fast_step(params, key))
dt = time.perf_counter() - t0
print(f"{dt / 100 * 1e3:.3f} ms per step")

t0 = time.perf_counter()
for _ in range(100):
    key, sub = jax.random.split(key)
    loss = fast_step(params, sub)
    loss.block_until_ready()
dt = time.perf_counter() - t0
print(f"{dt / 100 * 1e3:.3f} ms per step")

# a wait mapped over the step's outputs (brax's training epochs): the lambda's parameter is each output
jax.tree_util.tree_map(jnp.mean, {"loss": fast_step(params, key)})
t0 = time.perf_counter()
metrics = {"loss": fast_step(params, key)}
metrics = jax.tree_util.tree_map(jnp.mean, metrics)
jax.tree_util.tree_map(lambda x: x.block_until_ready(), metrics)
dt = time.perf_counter() - t0
print(f"{dt * 1e3:.3f} ms per epoch")
