"""Sets 78, 83 (compilewarm): a counted loop of epochs (or updates) whose per-iteration time is printed in every
iteration, the compiled step (`@jax.jit`, `torch.compile`) first called inside iteration 0's region: the first
printed row is the compilation's (WP112)."""
import time

import jax
import jax.numpy as jnp
import torch


@jax.jit
def train_step(w, x):
    g = jax.grad(lambda v: jnp.mean((x @ v) ** 2))(w)
    return w - 0.01 * g


w = jnp.zeros((256, 256))
batches = [jnp.ones((64, 256)) for _ in range(10)]
for epoch in range(5):
    t0 = time.time()
    for x in batches:
        w = train_step(w, x)  # expect: WP112
    w = jax.block_until_ready(w)
    epoch_s = time.time() - t0
    print(f"epoch {epoch + 1} took {epoch_s:.2f} s")


def main():
    net = torch.compile(torch.nn.Linear(512, 512).cuda())
    x = torch.randn(32, 512, device="cuda")
    for update in range(1, 101):
        start = time.time()
        y = net(x)  # expect: WP112
        torch.cuda.synchronize()
        print(f"update {update}: SPS={32 / (time.time() - start):.0f}, {y.sum().item():.2f}")


main()
