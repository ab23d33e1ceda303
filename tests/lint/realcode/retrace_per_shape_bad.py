"""WP112 class (a function compiled per input shape, timed once per shape): ``jax.jit`` traces and compiles again
for every new shape of its array arguments, so a sweep that builds each row's input from the size and times one
call per size times a compilation in every row; a warm-up on another shape warms that shape only."""

import time

import jax
import jax.numpy as jnp


@jax.jit
def normalize(x):
    return x / jnp.linalg.norm(x)


def gemm(a, b):
    return a @ b


gemm_jit = jax.jit(gemm)
SHAPES = [(1024, 1024), (2048, 2048), (4096, 4096)]

normalize(jnp.ones(8)).block_until_ready()  # warm-up on another shape
for n in [1 << 20, 1 << 22, 1 << 24]:
    v = jnp.ones(n)
    t0 = time.perf_counter()
    normalize(v).block_until_ready()  # expect: WP112
    print(n, time.perf_counter() - t0)

gemm_jit(jnp.ones((8, 8)), jnp.ones((8, 8))).block_until_ready()
for m, k in SHAPES:
    a = jnp.ones((m, k))
    start = time.perf_counter()
    gemm_jit(a, a).block_until_ready()  # expect: WP112
    print(m, k, time.perf_counter() - start)
