"""A worker's set-up log line: the model's construction (parameter initialisation, seconds of host-bound dispatch)
timed with a host clock and printed as "built in ...". No GPU timing is claimed; a launch tail is nothing next to it."""
import time

import jax
import jax.numpy as jnp


class TinyNet:
    def __init__(self, width, key):
        k1, k2 = jax.random.split(key)
        self.w1 = jax.random.normal(k1, (width, width)) * 0.02
        self.w2 = jax.random.normal(k2, (width, width)) * 0.02

    def __call__(self, x):
        return jnp.tanh(x @ self.w1) @ self.w2


def make(width, seed):
    t0 = time.time()
    net = TinyNet(width, jax.random.PRNGKey(seed))  # expect-extra: WP103
    dt = time.time() - t0
    print(f"[worker] built in {dt:.2f}s", flush=True)
    return net


if __name__ == "__main__":
    net = make(1024, 0)
    print(float(net(jnp.ones((4, 1024))).sum()))
