"""The same trainer whose step is a JAX function bound on the instance (`self.update = jax.jit(self._update)`),
timed correctly: the step's output is waited for (`jax.block_until_ready`) before the end read. An attribute bound
to a plain method (`self.report = self._report`, host work) is not a JAX step: timing it is silent. Silent."""
import time

import jax
import jax.numpy as jnp


class LMTrainer:
    def __init__(self):
        self.update = jax.jit(self._update)
        self.report = self._report

    def _update(self, state, batch):
        grads = jax.tree_util.tree_map(lambda w: jnp.mean(batch @ w), state)
        return jax.tree_util.tree_map(lambda w, g: w - 1e-3 * g, state, grads)

    def _report(self, step, ms):
        return f"step {step} {ms:.1f} ms"


def synthetic(n):
    while True:
        yield jnp.ones((n, 1024))


trainer = LMTrainer()
state = {"w": jnp.ones((1024, 1024))}
batches = synthetic(64)
state = trainer.update(state, next(batches))
jax.block_until_ready(state)
lines = []
for step in range(500):
    t_step = time.time()
    batch = next(batches)
    state = trainer.update(state, batch)
    jax.block_until_ready(state)
    step_ms = (time.time() - t_step) * 1000
    t_log = time.time()
    lines.append(trainer.report(step, step_ms))
    log_ms = (time.time() - t_log) * 1000
    print(lines[-1], log_ms)
