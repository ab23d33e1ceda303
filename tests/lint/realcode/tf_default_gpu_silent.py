"""Silent near tf_default_gpu_bad.py: the result read back (`.numpy()`) before the clock, the same op pinned to the
CPU, and a graph-mode program (`disable_eager_execution`) where an op call only adds a node."""

import time

import numpy as np
import tensorflow as tf

print("GPUs:", tf.config.experimental.list_physical_devices("GPU"))
left = tf.constant(np.random.rand(1024, 1024).astype("float32"))
tf.matmul(left, left).numpy()

start = time.perf_counter()
host = tf.matmul(left, left).numpy()
print("with readback", time.perf_counter() - start, host.shape)

start = time.perf_counter()
with tf.device("/CPU:0"):
    on_cpu = tf.matmul(left, left)
print("cpu", time.perf_counter() - start, on_cpu.shape)
