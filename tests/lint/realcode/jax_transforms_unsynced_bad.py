"""JAX calls timed with a host clock and no `block_until_ready()` (WP102): a method compiled with
`@partial(jax.jit, static_argnums=0)` whose body only calls the Flax model it holds, a `jax.vmap` / `jax.grad` of a
function, and a Flax module's `apply` handed to a timing helper. JAX dispatches each call and returns before the
device is done, so every sample is dispatch time (the near misses: `jax_transforms_unsynced_silent.py`)."""
import time
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn


class Tiny(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(16)(nn.relu(nn.Dense(64)(x)))


class Bench:
    def __init__(self, net):
        self.net = net

    @partial(jax.jit, static_argnums=(0,))
    def infer(self, variables, x):
        return self.net.apply(variables, x)

    def run(self, variables, xs, rounds=50):
        per_model = jax.vmap(self.infer, in_axes=(0, 0))
        per_model(variables, xs)
        samples = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            out = per_model(variables, xs)
            samples.append(time.perf_counter() - t0)  # expect: WP102
        for _ in range(rounds):
            t0 = time.perf_counter()
            out = self.infer(variables, xs[0])
            samples.append(time.perf_counter() - t0)  # expect: WP102
        return sorted(samples), out


def mse(w, x):
    return jnp.mean((x @ w) ** 2)


mse_grad = jax.grad(mse)


def time_grad(w, x, steps=20):
    mse_grad(w, x)
    begin = time.perf_counter()
    for _ in range(steps):
        w = w - 0.1 * mse_grad(w, x)
    return (time.perf_counter() - begin) / steps  # expect: WP102


def time_apply(apply_fn, variables, x, reps=100):
    laps = []
    for _ in range(reps):
        t0 = time.time()
        y = apply_fn(variables, x)
        t1 = time.time()  # expect: WP102
        laps.append(t1 - t0)
    return sorted(laps)[reps // 2]


def main():
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (8, 32))
    net = Tiny()
    variables = net.init(key, x)
    print(time_apply(net.apply, variables, x))
    print(time_grad(jnp.ones((32, 4)), x))
    stacked = jax.tree_util.tree_map(lambda a: jnp.stack([a, a]), variables)
    print(Bench(net).run(stacked, jnp.stack([x, x])))


if __name__ == "__main__":
    main()
