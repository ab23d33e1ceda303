"""TensorFlow 2 eager code timed with `timeit` (fourteenth session, lint77): the timed function draws its input with
`tf.random.normal` and builds a new Keras layer under a GPU device scope, so every sample pays the random fill and
the layer's weight creation beside the convolution it reports (WP104); a layer built per sample on a DirectML
GPU (`/DML:0`) too. The CPU side is not reported."""

import timeit

import tensorflow as tf


def run_host():
    with tf.device("/cpu:0"):
        pic = tf.random.normal((16, 64, 64, 3))
        out = tf.keras.layers.Conv2D(8, 5)(pic)
        return tf.reduce_mean(out).numpy()


def run_device():
    with tf.device("/device:GPU:0"):
        pic = tf.random.normal((16, 64, 64, 3))  # expect: WP104
        out = tf.keras.layers.Conv2D(8, 5)(pic)
        return tf.reduce_mean(out).numpy()


def run_directml():
    with tf.device("/DML:0"):  # a GPU of the DirectML plugin
        out = tf.keras.layers.Conv2D(8, 5)(tf.ones((16, 64, 64, 3)))  # expect: WP104
        return tf.reduce_mean(out).numpy()


run_host()
run_device()
run_directml()
host_s = timeit.timeit("run_host()", number=10, setup="from __main__ import run_host")
dev_s = timeit.timeit("run_device()", number=10, setup="from __main__ import run_device")
print(host_s / dev_s, timeit.timeit("run_directml()", number=10, setup="from __main__ import run_directml"))
