"""The near misses of `jax_transforms_unsynced_bad.py`: the same JAX calls each waited for before the end read
(`.block_until_ready()`, `jax.block_until_ready(...)`, a `float(...)` of the result), and a Keras model in another
function bound to the same name as a Flax model (`model`): its `fit` returns when training is done; a `jax.vmap`
built inside a `@jax.jit` function (traced into it once, not a callable of its own) timed warm. Silent."""
import time
from functools import partial

import jax
import jax.numpy as jnp
import tensorflow as tf
from flax import linen as nn


class Tiny(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(16)(x)


class Bench:
    def __init__(self, net):
        self.net = net

    @partial(jax.jit, static_argnums=(0,))
    def infer(self, variables, x):
        return self.net.apply(variables, x)

    def run(self, variables, x, rounds=50):
        self.infer(variables, x).block_until_ready()
        samples = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            self.infer(variables, x).block_until_ready()
            samples.append(time.perf_counter() - t0)
        return sorted(samples)


def mse(w, x):
    return jnp.mean((x @ w) ** 2)


mse_grad = jax.grad(mse)
batched = jax.vmap(mse, in_axes=(None, 0))


def time_grad(w, x, steps=20):
    jax.block_until_ready(mse_grad(w, x))
    laps = []
    for _ in range(steps):
        t0 = time.perf_counter()
        g = mse_grad(w, x)
        jax.block_until_ready(g)
        laps.append(time.perf_counter() - t0)
    for _ in range(steps):
        t0 = time.perf_counter()
        total = float(batched(w, x[None]).sum())
        laps.append(time.perf_counter() - t0)
    return sorted(laps)


def time_apply(apply_fn, variables, x, reps=100):
    laps = []
    for _ in range(reps):
        t0 = time.time()
        y = apply_fn(variables, x)
        y.block_until_ready()
        laps.append(time.time() - t0)
    return sorted(laps)[reps // 2]


def flax_run():
    key = jax.random.PRNGKey(0)
    x = jnp.ones((4, 8))
    model = Tiny()
    variables = model.init(key, x)
    print(time_apply(model.apply, variables, x), Bench(model).run(variables, x), time_grad(jnp.ones((8, 2)), x))


def keras_run(x, y):
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="mse")
    model.fit(x, y, epochs=1, verbose=0)
    t0 = time.time()
    model.fit(x, y, epochs=1, verbose=0)
    print("fit took", time.time() - t0)


@jax.jit
def column_peak(grid):
    peak = jax.vmap(lambda y: jnp.max(jnp.cos(grid * y)))
    return jnp.max(peak(grid))


def time_peak(grid):
    t0 = time.perf_counter()
    top = column_peak(grid)
    top.block_until_ready()
    print("first run, compile included:", time.perf_counter() - t0)
    t0 = time.perf_counter()
    top = column_peak(grid)
    top.block_until_ready()
    print("second run:", time.perf_counter() - t0)


if __name__ == "__main__":
    flax_run()
    time_peak(jnp.linspace(-3, 3, 1000))
