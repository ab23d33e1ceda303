"""Fifteenth session (lint91, set 83 class), the reported side: the same loop whose mean takes every sample, the
first (the compile) included; a slice that keeps the last ten (`times[-10:]`) beside it does not make it warm."""
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
        np.array(fast(a, b))  # expect: WP112
        t1 = time.time()
        times.append(t1 - t0)
    print("jitted mean", np.mean(times), "last ten", np.mean(times[-10:]))  # expect: WP105


main()
