"""WP104 (set 92's class), silent: tensors made under `tf.device("/cpu:0")` used by an op under the same CPU scope
(the CPU side of the comparison: nothing moves), tensors made under the GPU scope once before timing, and a CPU
tensor copied to the GPU once outside the timed callable."""
import timeit

import tensorflow as tf

with tf.device("/cpu:0"):
    left = tf.random.normal([4096, 1024])
    right = tf.random.normal([1024, 2048])

with tf.device("/gpu:0"):
    dev_left = tf.random.normal([4096, 1024])
    dev_right = tf.identity(right)


def on_cpu():
    with tf.device("/cpu:0"):
        out = tf.matmul(left, right)
    return out.numpy()


def on_gpu():
    with tf.device("/gpu:0"):
        out = tf.matmul(dev_left, dev_right)
    return out.numpy()


on_cpu()
on_gpu()
print("cpu", timeit.timeit(on_cpu, number=20))
print("gpu", timeit.timeit(on_gpu, number=20))
