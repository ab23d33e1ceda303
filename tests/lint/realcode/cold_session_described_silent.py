"""WP103, silent near cold_session_described_bad.py: the session runs a few untimed inferences first (its input
name read through `get_inputs()` all the same)."""

import time

import numpy as np
import onnxruntime as ort


def time_session(model_path, reps=50):
    sess = ort.InferenceSession(model_path, providers=["CUDAExecutionProvider", "CPUExecutionProvider"])
    feed = {sess.get_inputs()[0].name: np.random.rand(1, 3, 256, 256).astype(np.float32)}
    for _ in range(5):
        sess.run(None, feed)  # warm-up
    t0 = time.perf_counter()
    for _ in range(reps):
        sess.run(None, {sess.get_inputs()[0].name: feed[sess.get_inputs()[0].name]})
    print(f"{(time.perf_counter() - t0) / reps * 1e3:.3f} ms per run")


if __name__ == "__main__":
    time_session("segmenter.onnx")
