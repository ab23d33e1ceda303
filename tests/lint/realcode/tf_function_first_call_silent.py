"""Silent near tf_function_first_call_bad.py: one untimed call traces the `@tf.function` before the timed one, and
the same first call timed on the CPU (the code shows no GPU there)."""

import time

import tensorflow as tf


@tf.function
def poly(x):
    return tf.reduce_sum(x * x * x + 3.0 * x)


@tf.function
def poly_host(x):
    return tf.reduce_sum(x * x)


with tf.device("/GPU:0"):
    grid = tf.random.normal((4096, 4096))
    poly(grid).numpy()
    t0 = time.perf_counter()
    total = poly(grid).numpy()
    print("poly", time.perf_counter() - t0, total)

with tf.device("/CPU:0"):
    small = tf.ones((64, 64))
    t0 = time.perf_counter()
    print(poly_host(small).numpy(), time.perf_counter() - t0)
