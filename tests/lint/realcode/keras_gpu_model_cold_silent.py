"""Near misses of `keras_gpu_model_cold_bad.py` (gpuwork session): the model is run once before its timing; a model
built and run under `tf.device("/cpu:0")`; a program that says nothing of a GPU (TensorFlow may as well run on the
CPU); and `model.fit` timed whole, Keras's own training loop: a training run's wall time, its first step part of the
run (as a library trainer's `train()`)."""
import os
import time

import numpy as np
import tensorflow as tf
from tensorflow.keras.models import Sequential, load_model
from tensorflow.keras.layers import Dense

os.environ["CUDA_VISIBLE_DEVICES"] = "0"


def warmed(path):
    model = load_model(path)
    images = np.random.rand(1000, 32, 32, 3).astype("float32")
    model.predict(images[:8])
    start = time.time()
    model.predict(images, batch_size=1)
    print("fps", len(images) / (time.time() - start))


def on_cpu(x):
    with tf.device("/cpu:0"):
        model = Sequential([Dense(64), Dense(10)])
        start = time.time()
        model.predict(x)
        print("cpu", time.time() - start)


def train(x, y):
    model = Sequential([Dense(64, activation="relu"), Dense(10)])
    model.compile(optimizer="adam", loss="mse")
    start = time.perf_counter()
    model.fit(x, y, epochs=3, batch_size=32)
    print("training took", time.perf_counter() - start)


if __name__ == "__main__":
    warmed("model.h5")
    on_cpu(np.zeros((10, 4)))
    train(np.zeros((100, 4)), np.zeros((100, 10)))
