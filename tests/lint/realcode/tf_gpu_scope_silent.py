"""Silent near tf_gpu_scope_bad.py: TensorFlow without a GPU device scope (the file names no GPU), a device scope
that only configures (`tf.config`) and a Keras `predict` (it returns NumPy arrays, so it waits for its work)."""

import time

import numpy as np
import tensorflow as tf

net = tf.keras.Sequential([tf.keras.layers.Dense(64)])
batch = np.random.rand(32, 16).astype("float32")

t0 = time.perf_counter()
y = tf.matmul(batch, tf.ones((16, 8)))
print("default device", time.perf_counter() - t0, y.shape)

t0 = time.perf_counter()
with tf.device("/CPU:0"):
    scores = net.predict(batch)
    print(tf.config.list_logical_devices())
print("predict", time.perf_counter() - t0, scores.shape)
