"""The same program with the op run once before its timing, and the same op timed under a CPU device scope:
silent (lint82)."""
import time

import tensorflow as tf


def main():
    if not tf.config.list_physical_devices("GPU"):
        print("no GPU")
        return
    a = tf.random.normal([2048, 2048])
    b = tf.random.normal([2048, 2048])
    _ = tf.matmul(a, b).numpy()
    t0 = time.time()
    c = tf.matmul(a, b)
    _ = c.numpy()
    print("matmul", time.time() - t0)
    with tf.device("/CPU:0"):
        x = tf.random.normal([512, 512])
        t1 = time.time()
        y = tf.linalg.inv(x)
        _ = y.numpy()
        print("cpu inverse", time.time() - t1)


if __name__ == "__main__":
    main()
