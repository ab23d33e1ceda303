"""WP104 (set 92's class): TensorFlow tensors made under `tf.device("/cpu:0")` live in host memory; an op that
uses them under `tf.device("/gpu:0")` copies them to the GPU on every call, so each `timeit` sample times the
transfers with the work. And a random input drawn under a GPU scope in the callable `timeit` runs (the TensorFlow
part of WP104 was hidden there by the harness part, which reads the same callable for torch and CuPy inputs)."""
import timeit

import tensorflow as tf

with tf.device("/cpu:0"):
    left = tf.random.normal([4096, 1024])
    right = tf.random.normal([1024, 2048])


def on_gpu():
    with tf.device("/gpu:0"):
        out = tf.matmul(left, right)  # expect: WP104
    return out.numpy()


def drawn_on_gpu():
    with tf.device("/gpu:0"):
        x = tf.random.normal([2048, 2048])  # expect: WP104
        y = tf.linalg.matmul(x, x)
    return y.numpy()


on_gpu()
drawn_on_gpu()
print("matmul", timeit.timeit(on_gpu, number=20))
print("drawn", timeit.timeit(drawn_on_gpu, number=20))
