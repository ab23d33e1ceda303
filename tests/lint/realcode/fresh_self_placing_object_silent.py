"""Near the WP103 class of fresh self-placing objects (sets 56 and 61): a function that builds the object, runs it
once untimed and then times it; one that times the loading itself (a load time, on purpose); a session on the CPU
provider; and a session built by the caller and handed in (the caller may have run it): all silent."""

import time

import numpy as np
import onnxruntime as ort
from faster_whisper import WhisperModel

GPU = "cuda"


def transcribe_speed(size, clip):
    speech = WhisperModel(size, device=GPU, compute_type="float16")
    list(speech.transcribe(clip, beam_size=1)[0])  # one untimed pass first
    begin = time.time()
    parts, _ = speech.transcribe(clip, beam_size=1)
    words = " ".join(p.text for p in parts)
    return time.time() - begin, words


def load_seconds(size):
    begin = time.time()
    speech = WhisperModel(size, device=GPU)
    return time.time() - begin, speech


def cpu_session_speed(onnx_file, batch):
    sess = ort.InferenceSession(onnx_file, providers=["CPUExecutionProvider"])
    begin = time.time()
    out = sess.run(None, {"pixels": batch})[0]
    return time.time() - begin, out


def handed_session_speed(sess, batch):
    begin = time.time()
    out = sess.run(None, {"pixels": batch})[0]
    return time.time() - begin, out


if __name__ == "__main__":
    for s in ["tiny", "base"]:
        print(s, transcribe_speed(s, "talk.wav")[0], load_seconds(s)[0])
    images = np.zeros((8, 3, 224, 224), np.float32)
    print(cpu_session_speed("net.onnx", images)[0])
    gpu_sess = ort.InferenceSession("net.onnx", providers=["CUDAExecutionProvider"])
    gpu_sess.run(None, {"pixels": images})
    for _ in range(3):
        print(handed_session_speed(gpu_sess, images)[0])
