"""WP101 (set 59's class): a JAX loop timed as a whole that waits on every call's result
(`f(x).block_until_ready()`) around a µs-scale function of the file on small arrays: eager (a few ops) or compiled
with `jax.jit` (bound to `jax.jit(f)` or decorated `@jax.jit`; any number of elementwise and layout ops, fused into
one dispatch). The interval counts N dispatch
and wait round trips, not N ops. Silent: one wait after the loop, arrays of 2^26 elements, jitted functions with a
matmul (its length is not read through `jax.jit`), a function with a Python loop over its rows."""
import time

import jax
import jax.numpy as jnp
import numpy as np

ROWS, COLS = 64, 16


def scaled_gap(p, q):
    r = p[:, ::2] * 0.5 + q[:, ::2]
    return r - p[:, ::2]


def boxes(anchors, offsets):
    cx = jnp.expand_dims((anchors[:, 0] + anchors[:, 2]) * 0.5, -1)
    w = jnp.expand_dims(anchors[:, 2] - anchors[:, 0], -1)
    x0 = cx + w * offsets[:, 0:1] - 0.5 * w * jnp.exp(offsets[:, 2:3])
    x1 = cx + w * offsets[:, 0:1] + 0.5 * w * jnp.exp(offsets[:, 2:3])
    return jnp.clip(jnp.stack([x0, x1], axis=-1), 0, 479)


@jax.jit
def softsign(p):
    return jnp.clip(p / (1.0 + jnp.abs(p)), -1.0, 1.0)


@jax.jit
def matmul_tanh(p, w):
    return jnp.tanh(jnp.dot(p, w))


def project(p, w):
    return jnp.tanh(p @ w)


def rowwise(p):
    total = 0
    for i in range(p.shape[0]):
        total = total + jnp.sum(p[i])
    return total


if __name__ == "__main__":
    p = jax.device_put(np.random.rand(ROWS, COLS).astype(np.float32))
    q = jax.device_put(np.random.rand(ROWS, COLS).astype(np.float32))
    anchors = jnp.ones((ROWS, 4))
    offsets = jnp.zeros((ROWS, 4))
    pair = [p, q]
    fast_boxes = jax.jit(boxes)
    fast_project = jax.jit(project)
    scaled_gap(*pair).block_until_ready()
    fast_boxes(anchors, offsets).block_until_ready()

    t0 = time.perf_counter()
    for _ in range(2000):
        scaled_gap(*pair).block_until_ready()  # expect: WP101
    print("eager", (time.perf_counter() - t0) / 2000)

    t0 = time.perf_counter()
    for _ in range(2000):
        out = fast_boxes(anchors, offsets).block_until_ready()  # expect: WP101
    print("jit", (time.perf_counter() - t0) / 2000)

    softsign(p).block_until_ready()
    t0 = time.perf_counter()
    for _ in range(2000):
        jax.block_until_ready(softsign(p))  # expect: WP101
    print("decorated", (time.perf_counter() - t0) / 2000)

    t0 = time.perf_counter()
    for _ in range(2000):
        out = fast_boxes(anchors, offsets)
    out.block_until_ready()
    print("queued", (time.perf_counter() - t0) / 2000)

    big = jnp.ones((8192, 8192))
    t0 = time.perf_counter()
    for _ in range(20):
        scaled_gap(big, big).block_until_ready()
    print("big", (time.perf_counter() - t0) / 20)

    w = jax.device_put(np.random.rand(COLS, COLS).astype(np.float32))
    fast_project(p, w).block_until_ready()
    t0 = time.perf_counter()
    for _ in range(2000):
        fast_project(p, w).block_until_ready()
    print("project", (time.perf_counter() - t0) / 2000)

    matmul_tanh(p, w).block_until_ready()
    t0 = time.perf_counter()
    for _ in range(2000):
        matmul_tanh(p, w).block_until_ready()
    print("matmul_tanh", (time.perf_counter() - t0) / 2000)

    rowwise(p).block_until_ready()
    t0 = time.perf_counter()
    for _ in range(200):
        rowwise(p).block_until_ready()
    print("rowwise", (time.perf_counter() - t0) / 200)
