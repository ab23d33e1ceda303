"""The near misses of `tf_device_param_bad.py`: the product read back with `.numpy()` before the clock (it waits for
the GPU), and a function with a device parameter that every call hands the CPU. Silent."""
import time

import tensorflow as tf


def timed_product(n, where):
    with tf.device(where):
        x = tf.random.uniform([n, n])
        y = tf.random.uniform([n, n])
        tf.linalg.matmul(x, y).numpy()  # warm-up, waited for
        t0 = time.perf_counter()
        z = tf.linalg.matmul(x, y).numpy()
        spent = time.perf_counter() - t0
    return spent


def cpu_only(n, where):
    with tf.device(where):
        x = tf.random.uniform([n, n])
        tf.linalg.matmul(x, x).numpy()
        t0 = time.perf_counter()
        z = tf.linalg.matmul(x, x)
        return time.perf_counter() - t0


if __name__ == "__main__":
    print(timed_product(4096, "/CPU:0"), timed_product(4096, "/GPU:0"), cpu_only(1024, "/cpu:0"))
