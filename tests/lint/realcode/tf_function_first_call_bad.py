"""A `@tf.function` timed on its first call on the GPU (fourteenth session, lint77): TensorFlow traces the Python
function into a graph on that call, so the figure holds the tracing (WP112)."""

import time

import tensorflow as tf


@tf.function
def poly(x):
    return tf.reduce_sum(x * x * x + 3.0 * x)


with tf.device("/GPU:0"):
    grid = tf.random.normal((4096, 4096))
    t0 = time.perf_counter()
    total = poly(grid).numpy()  # expect: WP112
    print("poly", time.perf_counter() - t0, total)
