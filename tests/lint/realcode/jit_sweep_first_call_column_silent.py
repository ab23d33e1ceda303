"""A sweep over sequence lengths that reports, for each row, the jitted function's first call on the new shape as a
column of its own (`first_call_ms`: tracing and compilation, measured on purpose) and then the mean of ten warm
calls: the compile is the figure the column names (near miss: `jit_sweep_first_call_column_bad.py`)."""
import time

import jax
import jax.numpy as jnp


@jax.jit
def score(w, x):
    return jnp.tanh(x @ w).sum()


w = jnp.ones((512, 512))
for seq in [64, 128, 256, 512]:
    x = jnp.ones((seq, 512))
    t0 = time.perf_counter()
    jax.block_until_ready(score(w, x))
    first_call_ms = (time.perf_counter() - t0) * 1e3
    warm = []
    for _ in range(10):
        t0 = time.perf_counter()
        jax.block_until_ready(score(w, x))
        warm.append((time.perf_counter() - t0) * 1e3)
    print(seq, first_call_ms, min(warm), sorted(warm)[len(warm) // 2])
