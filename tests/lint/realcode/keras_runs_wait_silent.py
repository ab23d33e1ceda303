"""Keras `fit`, `evaluate` and `predict` return host values (fourteenth session, fitted to set 67): `fit` turns its
logs into Python floats at every epoch's end (and at every step for the progress bar), `evaluate` returns floats and
`predict` a NumPy array, so the call returns after the device work it queued. A host clock read right after one,
here through `timeit` with a statement string, measures the work: not WP102."""

import time
import timeit

import numpy as np
import tensorflow as tf

if not tf.config.list_physical_devices("GPU"):
    print("no GPU found")

images = np.random.rand(512, 32, 32, 3).astype("float32")
labels = np.random.randint(0, 2, size=(512, 1))


def train_once(epochs=2):
    net = tf.keras.Sequential([tf.keras.layers.Conv2D(32, 3), tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
    net.compile(optimizer="adam", loss="binary_crossentropy")
    net.fit(images, labels, batch_size=64, epochs=epochs, verbose=0)
    return net


net = train_once(1)
elapsed = timeit.timeit("train_once()", number=1, globals=globals())
print(f"training took {elapsed:.2f} s")

start = time.perf_counter()
scores = net.evaluate(images, labels, verbose=0)
print("evaluate", time.perf_counter() - start, scores)

start = time.perf_counter()
probs = net.predict(images, verbose=0)
print("predict", time.perf_counter() - start, probs.shape)
