"""The same sweep timing one call per row as its latency: each row's only call compiles the function for the new
shape, so every latency includes tracing and compilation (WP112). The near miss
(`jit_sweep_first_call_column_silent.py`) names the first call as its own column and times warm calls after it."""
import time

import jax
import jax.numpy as jnp


@jax.jit
def score(w, x):
    return jnp.tanh(x @ w).sum()


w = jnp.ones((512, 512))
jax.block_until_ready(score(w, jnp.ones((8, 512))))  # warms the shape (8, 512) only
for seq in [64, 128, 256, 512]:
    x = jnp.ones((seq, 512))
    t0 = time.perf_counter()
    jax.block_until_ready(score(w, x))  # expect: WP112
    latency_ms = (time.perf_counter() - t0) * 1e3
    print(seq, latency_ms)
