"""Set 59 (lint80), the correct neighbours of `jit_label_names_variant_bad.py`: one call of the jitted function
timed under a "jit time" label (its compilation measured on purpose: one call), and the loop of 1000 calls after a
warm-up call. (The waits inside that loop would be WP101 around an op this small; they are left out here:
the loop is timed on 8192x8192 arrays.)"""
import time

import numpy as np
from jax import device_put, jit


def strided_diff(a, b):
    return a[:, ::2] + b[:, ::2] - a[:, ::2]


a = device_put(np.random.randn(8192, 8192).astype(np.float32))
b = device_put(np.random.randn(8192, 8192).astype(np.float32))
fast = jit(strided_diff)

t0 = time.time()
fast(a, b).block_until_ready()
print("jit time:", time.time() - t0)

t0 = time.time()
for _ in range(1000):
    fast(a, b).block_until_ready()
print("jitted calls:", time.time() - t0)
