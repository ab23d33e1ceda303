"""One TensorFlow timing function run once per device, its device a parameter (`with tf.device(where):`), called for
the CPU and for the GPU (WP102 on the GPU call's path): the GPU matmul is only queued when the clock is read. The
near miss, `tf_device_param_silent.py`, reads the result back (`.numpy()`) or is only ever handed the CPU. (A warm-up
matmul, read back, comes first: the first GPU call is not what this file is about.)"""
import time

import tensorflow as tf


def timed_product(n, where):
    with tf.device(where):
        x = tf.random.uniform([n, n])
        y = tf.random.uniform([n, n])
        tf.linalg.matmul(x, y).numpy()  # warm-up, waited for
        t0 = time.perf_counter()
        z = tf.linalg.matmul(x, y)
        spent = time.perf_counter() - t0  # expect: WP102
    return spent


if __name__ == "__main__":
    on_cpu = timed_product(4096, "/CPU:0")
    on_gpu = timed_product(4096, "/GPU:0")
    print(f"cpu {on_cpu:.3f}s gpu {on_gpu:.3f}s speedup {on_cpu / on_gpu:.1f}x")
