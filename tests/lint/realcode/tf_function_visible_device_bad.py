"""A `tf.function` first called inside `timeit` in a program that picks its GPU by index in its module body
(`os.environ["CUDA_VISIBLE_DEVICES"] = "0"`): TensorFlow runs on that GPU by default, and the first of the timed
calls traces and compiles the graph (seventeenth session, WP112; WP102 for the clock read with no wait)."""

import os
import timeit

import tensorflow as tf

os.environ["CUDA_VISIBLE_DEVICES"] = "0"


def mlp(x):
    return tf.nn.relu(tf.matmul(x, tf.ones((512, 512))))


fast = tf.function(mlp)
x = tf.random.uniform((256, 512))
print("graph:", timeit.timeit(lambda: fast(x), number=1000))  # expect: WP102, WP112
