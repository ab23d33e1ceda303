"""TensorFlow eager ops on the default device of a program that checks for a GPU (fourteenth session, lint77):
TensorFlow places them on the GPU it found, each returning once its kernel is queued, so a host clock read right
after them with no readback measures the launch (WP102), whatever the inputs were made from (NumPy arrays are copied
to the GPU the op runs on)."""

import time

import numpy as np
import tensorflow as tf

if not tf.config.list_physical_devices("GPU"):
    print("no GPU found")

left = tf.convert_to_tensor(np.random.rand(2048, 2048).astype("float32"))
right = tf.convert_to_tensor(np.random.rand(2048, 2048).astype("float32"))
tf.matmul(left, right).numpy()

start = time.perf_counter()
prod = tf.matmul(left, right)
elapsed = time.perf_counter() - start  # expect: WP102
print("matmul", elapsed, prod.shape)
