"""Twentieth session (syncrecall, set 109) class: a timing decorator of the file wraps a JAX step compiled with
`jax.jit`; the caller runs it once as a warm-up, then times the second call. That call is warm, not a compile, and
the wrapper reads the clock with nothing blocking on the result: dispatch time. (The warm-up call is
timed by the decorator too, and compiles: WP112's finding.)"""
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


@timed  # expect: WP102
def time_eval(w, x):
    _eval(w, x)


w = jnp.ones((512, 512))
x = jnp.ones((64, 512))
time_eval(w, x)  # expect: WP112
print(time_eval(w, x))
