"""Near misses of `compiled_every_k_rows_bad.py` (coldmore): a report every `k` steps that cannot show step 0
(`step % k == k - 1`, `step > 0 and step % k == 0`), a counter that does not start at 0 (`range(1, steps + 1)`),
and a compiled step warmed before the loop: no first printed row holds the compilation."""
import time

import equinox as eqx
import jax
import jax.numpy as jnp
import torch


@eqx.filter_jit
def make_step(x, model):
    return model(x) * 2


def last_of_window(model, xs, steps=300, every=100):
    for step in range(steps):
        start = time.time()
        y = jax.block_until_ready(make_step(xs, model))
        end = time.time()
        if step % every == every - 1:
            print(f"Step: {step}, Computation time: {end - start}")
    return y


def skipped_first(model, xs, steps=300, every=100):
    for step in range(steps):
        start = time.time()
        y = jax.block_until_ready(make_step(xs, model))
        end = time.time()
        if step > 0 and step % every == 0:
            print(f"Step: {step}, Computation time: {end - start}")
    return y


def warmed(model, xs, steps=300, every=100):
    y = make_step(xs, model)  # compiles here
    for step in range(steps):
        start = time.time()
        y = jax.block_until_ready(make_step(xs, model))
        end = time.time()
        if step % every == 0:
            print(f"Step: {step}, Computation time: {end - start}")
    return y


def from_one(x, steps=500):
    net = torch.compile(torch.nn.Linear(512, 512).cuda())
    for i in range(1, steps + 1):
        t0 = time.perf_counter()
        net(x.cuda()).sum().backward()
        torch.cuda.synchronize()
        if i % 50 == 0:
            print(f"step {i}: {time.perf_counter() - t0:.4f} s")


def model_of(n):
    return eqx.nn.Linear(n, n, key=jnp.zeros((2,), dtype=jnp.uint32))
