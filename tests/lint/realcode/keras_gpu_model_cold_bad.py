"""A Keras model in a program that runs TensorFlow on a GPU (gpuwork session): `model.predict(x)` and the direct
call `net(x)` of a `keras.Model` subclass run the model's layers as GPU ops, and the first call pays the tracing of
the predict function, cuDNN/cuBLAS start-up and the allocator's growth. Timed with no call before: WP103 (and
`net(batch)` returns a tensor whose ops are still queued when `timeit` reads its clock: WP102)."""
import os
import time
import timeit

import numpy as np
import tensorflow as tf
from tensorflow.keras.models import load_model

os.environ["CUDA_VISIBLE_DEVICES"] = "0"


class Classifier(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(256, activation="relu")
        self.out = tf.keras.layers.Dense(10)

    def call(self, x):
        return self.out(self.hidden(x))


def measure(path):
    model = load_model(path)
    images = np.random.rand(1000, 32, 32, 3).astype("float32")
    start = time.time()
    model.predict(images, batch_size=1)  # expect: WP103
    elapsed = time.time() - start
    print("fps", len(images) / elapsed)


net = Classifier()
batch = tf.random.uniform([64, 784])
print("eager", timeit.timeit(lambda: net(batch), number=100))  # expect: WP102, WP103

if __name__ == "__main__":
    measure("model.h5")
