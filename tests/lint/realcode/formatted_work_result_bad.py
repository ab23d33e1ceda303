"""Formatting as a number the result of an earlier call waits for that call only: GPU work queued after it (a second
copy and step) is still running at the end read. A field without a numeric spec (`f"{out}"`) may be an object's own
text, read nothing: not a wait. Both reported."""
import time

import jax.numpy as jnp

from steps import eval_step  # a module the linter cannot read

eval_step(None, (jnp.array([0.0]), jnp.array([0.0])))


def evaluate_then_more(state, xs, ys):
    start = time.time()
    loss, acc = eval_step(state, (jnp.array(xs), jnp.array(ys)))  # expect-extra: WP103
    out = eval_step(state, (jnp.array(ys), jnp.array(xs)))
    print(f"loss {loss:.4f}")
    return out, time.time() - start  # expect: WP102


def evaluate_plain(state, xs, ys):
    start = time.time()
    out = eval_step(state, (jnp.array(xs), jnp.array(ys)))  # expect-extra: WP103
    print(f"out {out}")
    return time.time() - start  # expect: WP102
