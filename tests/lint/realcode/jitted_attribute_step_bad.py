"""A trainer class that binds its step as a JAX function (`self.update = jax.jit(self._update) if cfg.jit else
self._update`, seen on a JAX GPT trainer, set 60): `trainer.update(state, batch)` dispatches the step to the
device and returns before it is done, jitted or not. Each iteration's host-clock time read right after it, with no
`block_until_ready`, is the dispatch (WP102), also when the sample fetches its batch (`next(batches)`): one step
is timed, not a run over many."""
import time

import jax
import jax.numpy as jnp


class Config:
    jit = True
    steps = 500


class LMTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.update = jax.jit(self._update) if cfg.jit else self._update

    def _update(self, state, batch):
        grads = jax.tree_util.tree_map(lambda w: jnp.mean(batch @ w), state)
        return jax.tree_util.tree_map(lambda w, g: w - 1e-3 * g, state, grads)


def synthetic(n):
    while True:
        yield jnp.ones((n, 1024))


cfg = Config()
trainer = LMTrainer(cfg)
state = {"w": jnp.ones((1024, 1024))}
batches = synthetic(64)
for step in range(cfg.steps):
    t_step = time.time()
    batch = next(batches)
    state = trainer.update(state, batch)
    step_ms = (time.time() - t_step) * 1000  # expect: WP102
    if step % 50 == 0:
        print(f"step {step} {step_ms:.1f} ms")
