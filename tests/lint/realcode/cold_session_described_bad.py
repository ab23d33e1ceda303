"""WP103: an ONNX Runtime session on the CUDA provider whose only earlier calls describe it (`get_inputs()` for the
input name, `get_providers()` printed): no inference ran before the timed loop, so its first `run` (the provider's
cuDNN handles, the arena's first allocations) is averaged with the warm ones."""

import time

import numpy as np
import onnxruntime as ort


def time_session(model_path, reps=50):
    sess = ort.InferenceSession(model_path, providers=["CUDAExecutionProvider", "CPUExecutionProvider"])
    print("providers:", sess.get_providers())
    feed_name = sess.get_inputs()[0].name
    frame = np.random.rand(1, 3, 256, 256).astype(np.float32)
    t0 = time.perf_counter()
    for _ in range(reps):
        sess.run(None, {sess.get_inputs()[0].name: frame})  # expect: WP103
    per_run = (time.perf_counter() - t0) / reps
    print(f"{feed_name}: {per_run * 1e3:.3f} ms per run")


if __name__ == "__main__":
    time_session("segmenter.onnx")
