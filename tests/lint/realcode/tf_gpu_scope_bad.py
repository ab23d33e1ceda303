"""TensorFlow ops run eagerly under `with tf.device("/GPU:0"):` are queued on the GPU: the op returns a tensor whose
kernel may still be running. Timing them with `timeit` or a host clock, the result never read back, measures the
launch (WP102). Reading the result with `.numpy()` inside the timed code waits for it (silent), and so does timing the
same ops under `tf.device("/CPU:0")`."""

import time
import timeit

import tensorflow as tf

left = tf.random.uniform((2048, 2048))
right = tf.random.uniform((2048, 2048))


def product_on_gpu():
    with tf.device("/GPU:0"):
        out = tf.matmul(left, right)
    return out


def product_read_back():
    with tf.device("/GPU:0"):
        out = tf.matmul(left, right)
    return out.numpy()


def product_on_cpu():
    with tf.device("/CPU:0"):
        return tf.matmul(left, right)


product_on_gpu()
product_read_back()
gpu_s = timeit.timeit(product_on_gpu, number=5)  # expect: WP102
read_s = timeit.timeit(product_read_back, number=5)
cpu_s = timeit.timeit(product_on_cpu, number=5)

t0 = time.perf_counter()
with tf.device("/device:GPU:0"):
    total = tf.reduce_sum(tf.matmul(left, right))  # expect-extra: WP103
print("one product", time.perf_counter() - t0)  # expect: WP102

t0 = time.perf_counter()
with tf.device("/device:GPU:0"):
    total = tf.reduce_sum(tf.matmul(left, right)).numpy()
print("read back", time.perf_counter() - t0, total, gpu_s, read_s, cpu_s)
