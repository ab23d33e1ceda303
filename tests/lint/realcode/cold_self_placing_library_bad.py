"""WP103 class (a library object that puts itself on the GPU, its first run timed): the constructors below pick CUDA
by themselves when a GPU is present (no ``device=``, or the automatic value), so the file never names CUDA and has
no tensor operation. The first ``encode`` / ``transcribe`` / ``predict`` of each fresh object pays CUDA and library
start-up, and is the figure printed."""

import time

import faster_whisper
import whisper
from sentence_transformers import CrossEncoder, SentenceTransformer

docs = ["a document about GPUs"] * 512

encoder = SentenceTransformer("small-embedder")
t0 = time.time()
vectors = encoder.encode(docs, batch_size=64)  # expect: WP103
print(f"embedding: {time.time() - t0:.3f}s")


def rerank(query):
    scorer = CrossEncoder("small-reranker")
    started = time.perf_counter()
    scores = scorer.predict([(query, d) for d in docs])  # expect: WP103
    print("rerank took", time.perf_counter() - started)
    return scores


rerank("which GPU")

asr = whisper.load_model("base")
begin = time.monotonic()
words = asr.transcribe("lecture.mp3")  # expect: WP103
print("asr", time.monotonic() - begin)

fast = faster_whisper.WhisperModel("base", device="auto")
begin = time.monotonic()
segments, _ = fast.transcribe("lecture.mp3")  # expect: WP103
print("faster asr", time.monotonic() - begin)

# a detector that picks the first CUDA device itself, and an ONNX Runtime session told to use CUDA: the first call
# sets the predictor or the execution provider up (cuDNN algorithm search), timed as the latency
from ultralytics import YOLO  # noqa: E402
import numpy as np  # noqa: E402
import onnxruntime as ort  # noqa: E402

detector = YOLO("detector.pt")
t1 = time.perf_counter()
boxes = detector.predict("street.jpg")  # expect: WP103
print("detect", time.perf_counter() - t1)

session = ort.InferenceSession("net.onnx", providers=["CUDAExecutionProvider", "CPUExecutionProvider"])
frame = np.zeros((1, 3, 224, 224), dtype=np.float32)
t1 = time.perf_counter()
logits = session.run(None, {"input": frame})  # expect: WP103
print("onnx latency", time.perf_counter() - t1)
