# A TensorFlow program that names its GPU path: the helper's eager matmul runs on the default GPU and returns once
# queued; the caller's clock is read with nothing waiting (no .numpy()).
import time

import numpy as np
import tensorflow as tf


def gpu_matmul(a, b):
    return tf.matmul(a, b)


def time_gpu(n):
    a = tf.constant(np.random.rand(n, n))
    gpu_matmul(a, a)
    start = time.time()
    gpu_matmul(a, a)
    return time.time() - start  # expect: WP102


def time_each_device(n):
    a = np.random.rand(n, n)
    out = {}
    for dev in tf.config.list_physical_devices():
        with tf.device(dev.device_type):
            ta = tf.constant(a)
            tf.matmul(ta, ta)
            t0 = time.time()
            tf.matmul(ta, ta)
            t1 = time.time()  # expect: WP102
            out[dev.device_type] = t1 - t0
    return out
