"""WP103 class (sets 56 and 61, in shapes of our own): a function builds a library object that places itself on the
GPU (a speech model given ``device="cuda"``, an ONNX Runtime session on the CUDA provider) and times its first
call, once per configuration: each call of the function times a fresh object's cold first run (session and
allocator set-up, kernel selection), whatever earlier calls of the function warmed."""

import time

import numpy as np
import onnxruntime as ort
from faster_whisper import WhisperModel

GPU = "cuda"
SIZES = ["tiny", "base", "small"]


def transcribe_speed(size, clip):
    speech = WhisperModel(size, device=GPU, compute_type="float16")
    begin = time.time()
    parts, _ = speech.transcribe(clip, beam_size=1)  # expect: WP103
    words = " ".join(p.text for p in parts)
    return time.time() - begin, words


def session_speed(onnx_file, batch):
    sess = ort.InferenceSession(onnx_file, providers=["CUDAExecutionProvider"])
    begin = time.time()
    out = sess.run(None, {"pixels": batch})[0]  # expect: WP103
    spent = time.time() - begin
    return spent, out


if __name__ == "__main__":
    for s in SIZES:
        print(s, transcribe_speed(s, "talk.wav")[0])
    images = np.zeros((8, 3, 224, 224), np.float32)
    for _ in range(5):
        print(session_speed("net.onnx", images)[0])
