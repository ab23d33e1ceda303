"""A Flax NNX training step compiled with `nnx.jit` (JAX's jit for NNX modules: compiled on its first call,
dispatched asynchronously), warmed once, then timed per step with `float(loss)` before the end read: the host read
of the step's loss waits for the whole step, so the step times are right: silent."""
import time
from functools import partial

import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(512, 2048, rngs=rngs)
        self.l2 = nnx.Linear(2048, 512, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


@partial(nnx.jit, donate_argnames=("optimizer",))
def train_step(model, optimizer, x):
    def loss_fn(m):
        return jnp.mean(m(x) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(grads)
    return loss, optax.global_norm(grads)


model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3))
x = jnp.ones((256, 512))
loss, gnorm = train_step(model, optimizer, x)
float(loss)
for step in range(100):
    t0 = time.time()
    loss, gnorm = train_step(model, optimizer, x)
    loss_val = float(loss)
    dt = time.time() - t0
    print(f"step {step} loss {loss_val:.4f} {dt * 1e3:.1f} ms")
