"""A Keras model timed on its first predict in a program that never states a GPU (no device scope, no GPU check,
no CUDA_VISIBLE_DEVICES, no MirroredStrategy): where TensorFlow runs it is not known, so nothing is reported
(gpuwork session, near miss of `keras_gpu_model_cold_bad.py`)."""
import time

import numpy as np
from tensorflow.keras.models import load_model

model = load_model("model.h5")
images = np.random.rand(100, 32, 32, 3).astype("float32")
start = time.time()
model.predict(images)
print("predict", time.time() - start)
