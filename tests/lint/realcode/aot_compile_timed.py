"""Timing an ahead-of-time compile (`jax.pmap(f).lower(...).compile()`, seen on a diffusers example): the compile is
host work that returns when it is done, so a host clock around it is right (silent). Timing a call of the compiled
function that runs the step (no `.lower(...).compile()`) without waiting for its result measures the dispatch
(WP102)."""

import time

import jax
import jax.numpy as jnp

NUM = jax.device_count()


def step(x, w):
    return jnp.tanh(x @ w)


def prepare(seed=0):
    key = jax.random.split(jax.random.PRNGKey(seed), NUM)
    x = jnp.ones((NUM, 256, 1024))
    w = jnp.ones((NUM, 1024, 1024))
    return key, x, w


def aot_compile():
    _, x, w = prepare()
    return jax.pmap(step).lower(x, w).compile()


start = time.time()
compiled = aot_compile()
print(f"compiled in {time.time() - start:.1f} s")



def run_once():
    _, x, w = prepare()
    return jax.pmap(step)(x, w)


run_once()
start = time.time()
out = run_once()
print(f"step {time.time() - start:.4f} s")  # expect: WP102
