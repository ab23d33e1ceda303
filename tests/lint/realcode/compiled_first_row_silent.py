"""Sets 78, 83 (compilewarm): per-iteration rows printed around a compiled step that is warmed before the loop,
whose first iteration is left out of the report, or whose loop is a burn-in stage then the measured one (a
written-out list), and a region labelled by the name of the compiled variant it times: none is reported as a first
row (WP112)."""
import time

import jax
import jax.numpy as jnp
import torch


@jax.jit
def train_step(w, x):
    g = jax.grad(lambda v: jnp.mean((x @ v) ** 2))(w)
    return w - 0.01 * g


w = jnp.zeros((256, 256))
x = jnp.ones((64, 256))
w = jax.block_until_ready(train_step(w, x))  # compiles here
for epoch in range(5):
    t0 = time.time()
    w = jax.block_until_ready(train_step(w, x))
    epoch_s = time.time() - t0
    print(f"epoch {epoch + 1} took {epoch_s:.2f} s")


def skipped():
    net = torch.compile(torch.nn.Linear(512, 512).cuda())
    x = torch.randn(32, 512, device="cuda")
    for update in range(101):
        start = time.time()
        net(x)
        torch.cuda.synchronize()
        if update > 0:
            print(f"update {update}: SPS={32 / (time.time() - start):.0f}")


def staged():
    net = torch.compile(torch.nn.Linear(512, 512).cuda())
    x = torch.randn(32, 512, device="cuda")
    for stage, n in enumerate([10, 20]):  # burn-in, then the benchmark
        t0 = time.time()
        for _ in range(n):
            net(x)
        torch.cuda.synchronize()
        dt = time.time() - t0
        if stage == 1:
            print(f"{dt / n * 1000:.3f} ms per call")


skipped()
staged()
