"""An eager TensorFlow op in a program that checks for a GPU (its ops run there by default), timed once with no
op run before: the GPU's first kernel (cuBLAS start-up) is the measurement (lint82)."""
import time

import tensorflow as tf


def main():
    if not tf.config.list_physical_devices("GPU"):
        print("no GPU")
        return
    a = tf.random.normal([2048, 2048])
    b = tf.random.normal([2048, 2048])
    t0 = time.time()
    c = tf.matmul(a, b)  # expect: WP103
    _ = c.numpy()
    print("matmul", time.time() - t0)


if __name__ == "__main__":
    main()
