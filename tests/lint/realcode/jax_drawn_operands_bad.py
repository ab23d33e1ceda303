"""WP104's drawn operands in JAX: a timer around making a key, drawing a standard-normal matrix and one product of it
(`.block_until_ready()` on the product waits for it): the random fill is timed as the product. Silent: the draw made
before the first reading, a draw with bounds (a sampling step), two operations."""
import time

import jax.numpy as jnp
from jax import random

n = 2048
t0 = time.time()
key = random.PRNGKey(0)  # expect-extra: WP103
x = random.normal(key, (n, n))  # expect: WP104
jnp.dot(x, x.T).block_until_ready()
print("matmul", time.time() - t0)

y = random.normal(random.PRNGKey(1), (n, n))
jnp.dot(y, y).block_until_ready()
t0 = time.time()
jnp.dot(y, y.T).block_until_ready()
print("matmul, drawn before", time.time() - t0)

t0 = time.time()
u = random.uniform(key, (n, n), minval=-1.0, maxval=1.0)
jnp.dot(u, u).block_until_ready()
print("bounded", time.time() - t0)

t0 = time.time()
z = random.normal(key, (n, n))
w = jnp.dot(z, z)
jnp.linalg.inv(w).block_until_ready()
print("two ops", time.time() - t0)
