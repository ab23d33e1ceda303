"""Nearby: the same model's forward pass (and a built-in op) timed with a host clock and printed as its speed: nothing waits for the
device before the end read."""
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


def run(width, seed):
    net = TinyNet(width, jax.random.PRNGKey(seed))
    x = jnp.ones((4, width))
    net(x).block_until_ready()
    t0 = time.time()
    y = net(x)
    dt = time.time() - t0  # expect: WP102
    print(f"[worker] forward in {dt * 1e3:.2f} ms", flush=True)
    t0 = time.time()
    z = jnp.tanh(x @ net.w1)  # expect-extra: WP103
    dt = time.time() - t0  # expect: WP102
    print("built-in tanh matmul time (s):", dt)  # (the built-in op's speed, not a build)
    return y, z


if __name__ == "__main__":
    run(1024, 0)
