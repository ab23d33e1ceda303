"""A JAX step compiled ahead of time (`exe = jax.jit(step).lower(args).compile()`, seen on a JAX GPT trainer's
profiling script, set 60) is an executable: each call dispatches the step to the device and returns before it is
done, like a call of the jitted function. A host clock read right after the call, with no `block_until_ready`,
measures the dispatch (WP102). The binding itself compiled the step, so the executable is not a compiled callable
timed on its first call (no WP112)."""
import time

import jax
import jax.numpy as jnp


def update(weights, tokens):
    grads = jax.tree_util.tree_map(lambda w: jnp.mean(tokens) * w, weights)
    return jax.tree_util.tree_map(lambda w, g: w - 1e-3 * g, weights, grads)


weights = {"proj": jnp.ones((2048, 2048)), "head": jnp.ones((2048, 512))}
tokens = jnp.ones((32, 2048))
update_exe = jax.jit(update).lower(weights, tokens).compile()
for it in range(10):
    t_start = time.perf_counter()
    weights = update_exe(weights, tokens)
    dt_ms = (time.perf_counter() - t_start) * 1e3  # expect: WP102
    print(f"iter {it} step {dt_ms:.2f} ms")
