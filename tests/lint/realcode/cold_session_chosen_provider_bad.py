"""WP103: an ONNX Runtime session given `providers=[provider]`, where `provider` is the CUDA provider when the build
has it (the CPU one otherwise): the script is written for the GPU, and the first `run` in the sampling loop (the
provider's start-up, cuDNN's algorithm search, the arena's first allocations) is one of the ten samples averaged."""

import statistics
import time

import numpy as np
import onnxruntime as ort

available = ort.get_available_providers()
provider = "CUDAExecutionProvider" if "CUDAExecutionProvider" in available else "CPUExecutionProvider"
session = ort.InferenceSession("unet.onnx", providers=[provider])
latents = np.zeros((1, 4, 64, 64), dtype=np.float16)
times = []
for _ in range(10):
    t0 = time.time()
    session.run(None, {"latents": latents})  # expect: WP103
    times.append(time.time() - t0)
print("mean", statistics.mean(times), "std", statistics.stdev(times))
