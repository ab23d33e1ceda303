"""Silent near tf_default_gpu_bad.py: a TensorFlow 1 program that checks for a GPU but builds a graph; timing the
op calls times the graph's construction on the host, not GPU work."""

import time

import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
print(tf.test.is_gpu_available())

start = time.perf_counter()
a = tf.random.normal((512, 512))
b = tf.matmul(a, a)
print("graph built in", time.perf_counter() - start)
with tf.Session() as sess:
    print(sess.run(b).sum())
