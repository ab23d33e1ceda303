"""A JAX loop compiled ahead of time in three rebinding steps, then timed without waiting for it (held145): the
compile is done before the clock starts (no WP112 at the call), the missing wait is WP102's."""
from time import time

import jax
import jax.numpy as jnp
from jax import lax

x = jnp.ones((4096, 4096))


def loop(x):
    return lax.fori_loop(0, 100, lambda i, a: jnp.tanh(a @ a), x)


loop = jax.jit(loop)
loop = loop.lower(x)
loop = loop.compile()

start = time()
y = loop(x)
end = time()  # expect: WP102
print("steps per second:", 100 / (end - start))
