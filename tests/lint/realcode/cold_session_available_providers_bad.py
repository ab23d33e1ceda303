"""WP103: an ONNX Runtime session given every provider the installed build has (`ort.get_available_providers()`,
directly or through a name): the list is in priority order, TensorRT and CUDA first in a GPU build, so the session
runs on the GPU and its first `run` in the timed loop (the provider's start-up, the arena's first allocations) is
averaged with the warm ones."""

import time

import numpy as np
import onnxruntime as ort

providers = ort.get_available_providers()
print("providers:", providers)
feed = {"tokens": np.zeros((1, 128), dtype=np.int64)}
sess = ort.InferenceSession("encoder.onnx", providers=providers)
start = time.perf_counter()
for _ in range(20):
    sess.run(None, feed)  # expect: WP103
print("ms per run:", (time.perf_counter() - start) * 1e3 / 20)


def direct(path, n=20):
    s = ort.InferenceSession(path, providers=ort.get_available_providers())
    t0 = time.perf_counter()
    for _ in range(n):
        s.run(None, feed)  # expect: WP103
    return (time.perf_counter() - t0) / n
