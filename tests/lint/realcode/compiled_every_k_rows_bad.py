"""Eighteenth session (set 109, coldmore): a step timed in every iteration and printed only every `k` steps still
prints step 0 (`0 % k == 0`): the first call of the compiled step (`@eqx.filter_jit`, equinox's `jax.jit`;
`torch.compile`) is in the first printed row, also inside an outer loop over training phases (WP112)."""
import time

import equinox as eqx
import jax.numpy as jnp
import optax
import torch


def train(model, xs, ys, phases=(300, 300), every=100):
    optim = optax.adam(1e-3)

    @eqx.filter_jit
    def make_step(x, y, model, opt_state):
        loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        updates, opt_state = optim.update(grads, opt_state)
        return loss, eqx.apply_updates(model, updates), opt_state

    for steps, frac in zip(phases, (0.1, 1.0)):
        opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
        n = int(len(xs) * frac)
        for step, (x,) in zip(range(steps), [(xs[:n],)] * steps):
            start = time.time()
            loss, model, opt_state = make_step(x, ys[:n], model, opt_state)  # expect: WP112
            end = time.time()
            if (step % every) == 0 or step == steps - 1:
                print(f"Step: {step}, Loss: {loss}, Computation time: {end - start}")
    return model


def torch_steps(x, steps=500):
    net = torch.compile(torch.nn.Linear(512, 512).cuda())
    for i in range(steps):
        t0 = time.perf_counter()
        net(x.cuda()).sum().backward()  # expect: WP112
        torch.cuda.synchronize()
        if i % 50 == 0:
            print(f"step {i}: {time.perf_counter() - t0:.4f} s")
