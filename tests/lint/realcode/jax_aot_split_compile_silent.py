"""Near miss of jax_aot_split_compile_bad.py: compiled ahead of time through a lowered object, and waited for."""
from time import time

import jax
import jax.numpy as jnp
from jax import lax

x = jnp.ones((4096, 4096))


def loop(x):
    return lax.fori_loop(0, 100, lambda i, a: jnp.tanh(a @ a), x)


jitted = jax.jit(loop)
lowered = jitted.lower(x)
compiled = lowered.compile()

start = time()
y = compiled(x).block_until_ready()
end = time()
print("steps per second:", 100 / (end - start))
