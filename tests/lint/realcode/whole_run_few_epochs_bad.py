"""Near miss of whole_run_plain_method_silent.py: the timed run is 3 epochs, so the compile of the `jax.jit` step
on its first call is a material part of the printed time: reported."""
import time

import jax
import jax.numpy as jnp


def loss_fn(params, batch):
    return jnp.mean((batch @ params) ** 2)


class Trainer:
    def __init__(self, params):
        self.params = params
        self.step = jax.jit(jax.grad(loss_fn))

    def train_epoch(self, loader):
        for batch in loader:
            g = self.step(self.params, batch)
            self.params = self.params - 0.01 * g

    def train_model(self, loader, num_epochs=3):
        for epoch in range(1, num_epochs + 1):
            self.train_epoch(loader)
        return self.params


def train(loader, params, num_epochs=3):
    trainer = Trainer(params)
    start_time = time.time()
    trainer.train_model(loader, num_epochs=num_epochs)  # expect: WP112
    jax.block_until_ready(trainer.params)
    print("Full training time:", time.time() - start_time)


train([jnp.ones((64, 64), device=jax.devices("gpu")[0])] * 10, jnp.ones((64, 8)))
