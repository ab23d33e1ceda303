"""Fifteenth session (lint91, set 83 class), the silent side (for WP112): a `jax.jit` function first called inside the first
timed iteration, but the mean leaves the first samples out (`np.mean(times[10:])`): the compile sample is not
averaged."""
import time

import jax.numpy as jnp
import numpy as np
from jax import jit, random


def loss(a, b):
    return jnp.tanh(jnp.sum((a - b) ** 2))


def main():
    fast = jit(loss)
    key = random.PRNGKey(0)
    times = []
    for _ in range(200):
        a = random.normal(key, (256, 256))
        b = random.normal(key, (256, 256))
        t0 = time.time()
        np.array(fast(a, b))
        t1 = time.time()
        times.append(t1 - t0)
    print("jitted mean", np.mean(times[10:]))  # expect: WP105


main()
