"""Near misses of cold_self_placing_library_bad.py: the same libraries pinned to the CPU (``device="cpu"``,
``gpu=False``), or run once untimed before the timed call, or a device the file chooses at run time that the linter
cannot read: nothing cold is timed on the GPU."""

import os
import time

import easyocr
import whisper
from sentence_transformers import SentenceTransformer

docs = ["a document"] * 256

cpu_encoder = SentenceTransformer("small-embedder", device="cpu")
t0 = time.time()
cpu_encoder.encode(docs)
print(f"cpu embedding: {time.time() - t0:.3f}s")

encoder = SentenceTransformer("small-embedder")
encoder.encode(docs[:8])  # warm-up run
t0 = time.time()
encoder.encode(docs)
print(f"embedding: {time.time() - t0:.3f}s")

reader = easyocr.Reader(["en"], gpu=False)
t0 = time.time()
reader.readtext("page.png")
print("ocr", time.time() - t0)

asr = whisper.load_model("base", device=os.environ["ASR_DEVICE"])
begin = time.monotonic()
asr.transcribe("lecture.mp3")
print("asr", time.monotonic() - begin)

# an ONNX Runtime session on the CPU provider, and a detector run once before its timed call
import numpy as np  # noqa: E402
import onnxruntime as ort  # noqa: E402
from ultralytics import YOLO  # noqa: E402

session = ort.InferenceSession("net.onnx", providers=["CPUExecutionProvider"])
frame = np.zeros((1, 3, 224, 224), dtype=np.float32)
t1 = time.perf_counter()
session.run(None, {"input": frame})
print("onnx latency on the CPU", time.perf_counter() - t1)

detector = YOLO("detector.pt")
detector.predict("warmup.jpg")
t1 = time.perf_counter()
detector.predict("street.jpg")
print("detect", time.perf_counter() - t1)
