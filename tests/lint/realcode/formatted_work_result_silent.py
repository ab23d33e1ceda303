"""A number formatted from the result of the timed call (`f"{loss:.4f}"`) needs a Python float on the host: whatever
the imported step returns (a 0-d JAX array, or a float it already read back), printing it waits for the step and the
copies it was handed, so the end read after the print covers the work. Silent."""
import time

import jax.numpy as jnp

from steps import eval_step  # a module the linter cannot read

eval_step(None, (jnp.array([0.0]), jnp.array([0.0])))


def evaluate(state, xs, ys):
    start = time.time()
    loss, acc = eval_step(state, (jnp.array(xs), jnp.array(ys)))  # expect-extra: WP103
    logs = []
    print(f"loss {loss:.4f} acc {acc:.2%}")
    return logs, time.time() - start


def evaluate_fmt(state, xs, ys):
    start = time.time()
    loss = eval_step(state, jnp.array(xs))  # expect-extra: WP103
    print("loss {:.4f}".format(loss))
    return time.time() - start
