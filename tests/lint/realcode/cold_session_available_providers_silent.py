"""Near misses of the session on every available provider (WP103 stays silent): a warm-up `run` before the timed
loop, and a provider list that the file binds to the available ones and then to the CPU one too (which one the
session gets is not known: no guess)."""

import sys
import time

import numpy as np
import onnxruntime as ort

feed = {"tokens": np.zeros((1, 128), dtype=np.int64)}


def warmed(path, n=20):
    s = ort.InferenceSession(path, providers=ort.get_available_providers())
    s.run(None, feed)
    t0 = time.perf_counter()
    for _ in range(n):
        s.run(None, feed)
    return (time.perf_counter() - t0) / n


providers = ort.get_available_providers()
if "--cpu" in sys.argv:
    providers = ["CPUExecutionProvider"]
sess = ort.InferenceSession("encoder.onnx", providers=providers)
start = time.perf_counter()
for _ in range(20):
    sess.run(None, feed)
print("ms per run:", (time.perf_counter() - start) * 1e3 / 20)
