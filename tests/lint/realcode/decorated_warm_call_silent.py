"""Twentieth session (syncrecall, set 109) near miss: the same warm timed call, with the wrapped function blocking
on its result (`.block_until_ready()`): the interval covers the work. (The warm-up call is timed by the decorator too, and compiles: WP112's finding.)"""
import time

import jax
import jax.numpy as jnp


def timed(fn):
    def _timer(*args, **kwargs):
        start = time.perf_counter_ns()
        fn(*args, **kwargs)
        end = time.perf_counter_ns()
        return end - start

    return _timer


@jax.jit
def _eval(w, x):
    return jnp.tanh(x @ w).sum()


@timed
def time_eval(w, x):
    _eval(w, x).block_until_ready()


w = jnp.ones((512, 512))
x = jnp.ones((64, 512))
time_eval(w, x)  # expect: WP112
print(time_eval(w, x))
