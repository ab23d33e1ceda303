"""A TensorFlow 1 graph placed on the GPU and timed with `timeit` (fourteenth session, lint77): the graph draws its
input with a random op, so every `sess.run` regenerates it beside the convolution (WP104), and the first run of the
GPU graph (its kernels' first loads, cuDNN's algorithm choice) is in the summed figure: nothing ran the fetch before
(WP103). The CPU side of the comparison is not reported."""

import timeit

import tensorflow as tf

cfg = tf.ConfigProto()
with tf.device("/cpu:0"):
    pic_host = tf.random_normal((32, 64, 64, 3))
    feat_host = tf.reduce_mean(tf.layers.conv2d(pic_host, 8, 3))

with tf.device("/gpu:0"):
    pic_dev = tf.random_normal((32, 64, 64, 3))  # expect: WP104
    feat_dev = tf.layers.conv2d(pic_dev, 8, 3)
    feat_dev = tf.reduce_mean(feat_dev)

session = tf.Session(config=cfg)
session.run(tf.global_variables_initializer())


def host_side():
    session.run(feat_host)


def device_side():
    session.run(feat_dev)


host_s = timeit.timeit("host_side()", number=20, setup="from __main__ import host_side")
dev_s = timeit.timeit("device_side()", number=20, setup="from __main__ import device_side")  # expect: WP103
print("speedup", host_s / dev_s)
