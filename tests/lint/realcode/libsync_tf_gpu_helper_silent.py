# Near miss: the same helper, but the result is read back with .numpy() (which waits) before the clock; and a
# device loop over the CPUs only.
import time

import numpy as np
import tensorflow as tf


def gpu_matmul(a, b):
    return tf.matmul(a, b)


def time_gpu(n):
    a = tf.constant(np.random.rand(n, n))
    gpu_matmul(a, a).numpy()
    start = time.time()
    gpu_matmul(a, a).numpy()
    return time.time() - start


def time_cpus(n):
    a = np.random.rand(n, n)
    out = {}
    for dev in tf.config.list_physical_devices("CPU"):
        with tf.device(dev.name):
            ta = tf.constant(a)
            tf.matmul(ta, ta)
            t0 = time.time()
            tf.matmul(ta, ta)
            t1 = time.time()
            out[dev.name] = t1 - t0
    return out
