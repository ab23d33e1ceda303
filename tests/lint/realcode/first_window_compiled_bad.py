"""Set 60 (lint80): throughput windows of a training loop (the clock started before the loop, read and restarted
under `if step % every == 0:`): the first window holds the first calls of the compiled model (`torch.compile`) or
of a step function that calls `jax.jit` functions (`@partial(jax.jit, ...)` too), so its tokens/s include the
compilation (WP112)."""
import time
from functools import partial

import jax
import jax.numpy as jnp
import torch

net = torch.compile(torch.nn.Linear(1024, 1024).cuda())
opt = torch.optim.AdamW(net.parameters())
every = 50
t0 = time.perf_counter()
for step in range(1, 2001):
    x = torch.randn(64, 1024, device="cuda")
    loss = net(x).square().mean()  # expect: WP112
    loss.backward()
    opt.step()
    opt.zero_grad()
    if step % every == 0:
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        print(f"step {step}: {every * 64 / dt:.0f} samples/s, loss {loss.item():.4f}")
        t0 = time.perf_counter()


@partial(jax.jit, donate_argnames=("w",))
def sgd(w, x):
    g = jax.grad(lambda v: jnp.mean((x @ v) ** 2))(w)
    return w - 0.01 * g


def train_step(w, key):
    x = jax.random.normal(key, (64, 256))
    return sgd(w, x)


w = jnp.zeros((256, 256))
key = jax.random.PRNGKey(0)
start = time.perf_counter()
for it in range(1, 1001):
    key, sub = jax.random.split(key)
    w = train_step(w, sub)  # expect: WP112
    if it % 100 == 0:
        w = jax.block_until_ready(w)
        step_s = (time.perf_counter() - start) / 100
        print(it, step_s)
        start = time.perf_counter()
