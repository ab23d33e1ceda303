"""The same `tf.function` timed in a program that hides every GPU (`CUDA_VISIBLE_DEVICES = "-1"`): TensorFlow runs
on the CPU, and a CPU program's compile is not linted (seventeenth session, WP112)."""

import os
import timeit

import tensorflow as tf

os.environ["CUDA_VISIBLE_DEVICES"] = "-1"


def mlp(x):
    return tf.nn.relu(tf.matmul(x, tf.ones((512, 512))))


fast = tf.function(mlp)
x = tf.random.uniform((256, 512))
print("graph:", timeit.timeit(lambda: fast(x), number=1000))
