"""Set 59 (lint80): "jit" in a label names the variant timed (`"eager time"` beside `"jit time"`), not a first call
measured on purpose, when the region runs its work many times: a `jax.jit` function first called inside a loop of
1000 timed calls compiles in the first one, inside the reported total (WP112). The per-call waits around a
sub-microsecond op on 256x9 arrays are WP101 too (lint79: a short JAX function waited on every call)."""
import time

import jax.numpy as jnp
import numpy as np
from jax import device_put, jit


def strided_diff(a, b):
    return a[:, ::2] + b[:, ::2] - a[:, ::2]


a = device_put(np.random.randn(256, 9).astype(np.float32))
b = device_put(np.random.randn(256, 9).astype(np.float32))
fast = jit(strided_diff)

t0 = time.time()
for _ in range(1000):
    strided_diff(a, b).block_until_ready()  # expect: WP101
print("eager time:", time.time() - t0)

t0 = time.time()
for _ in range(1000):
    fast(a, b).block_until_ready()  # expect: WP112, WP101
print("jit time:", time.time() - t0)

fast_sum = jit(lambda a: jnp.sum(a * a))
t0 = time.time()
for _ in range(1000):
    fast_sum(a).block_until_ready()  # expect: WP112
jit_s = time.time() - t0
print(jit_s)
