"""The same ahead-of-time executable of a JAX step (`jax.jit(step).lower(args).compile()`) timed correctly: the
result is waited for before the end read (`jax.block_until_ready(...)`, `.block_until_ready()` on an output, a copy
to a NumPy array), or the clock times the compile itself, host work that returns when it is done. Silent."""
import time

import jax
import jax.numpy as jnp
import numpy as np


def update(weights, tokens):
    grads = jax.tree_util.tree_map(lambda w: jnp.mean(tokens) * w, weights)
    return jax.tree_util.tree_map(lambda w, g: w - 1e-3 * g, weights, grads)


weights = {"proj": jnp.ones((2048, 2048)), "head": jnp.ones((2048, 512))}
tokens = jnp.ones((32, 2048))
update_exe = jax.jit(update).lower(weights, tokens).compile()
for it in range(10):
    t_start = time.perf_counter()
    weights = update_exe(weights, tokens)
    jax.block_until_ready(weights)
    print(f"iter {it} step {(time.perf_counter() - t_start) * 1e3:.2f} ms")

t_start = time.perf_counter()
proj = update_exe(weights, tokens)["proj"].block_until_ready()
print(f"one step {time.perf_counter() - t_start:.4f} s")

t_start = time.perf_counter()
head = np.asarray(update_exe(weights, tokens)["head"])
print(f"one step, read back {time.perf_counter() - t_start:.4f} s")

lowered = jax.jit(update).lower(weights, tokens)
t_start = time.perf_counter()
again = lowered.compile()
print(f"compile {time.perf_counter() - t_start:.1f} s")
