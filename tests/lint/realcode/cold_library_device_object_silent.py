"""Near miss of ``cold_library_device_object_bad.py``: each library object runs once untimed before its timed
call; a method that only prepares or returns a lazy stream (``start_stream``) is not the model's run."""

import time

import whisper
from sentence_transformers import SentenceTransformer

texts = ["a short sentence"] * 2048
embedder = SentenceTransformer("mini-embedder", device="cuda")
embedder.encode(texts[:8])
t0 = time.perf_counter()
vectors = embedder.encode(texts, batch_size=128)
print("sentences/s", len(texts) / (time.perf_counter() - t0))

recognizer = whisper.load_model("small", device="cuda")
recognizer.transcribe("short.wav")
t0 = time.perf_counter()
text = recognizer.transcribe("talk.wav")["text"]
print("transcribed in", time.perf_counter() - t0)

streamer = SentenceTransformer("other-embedder", device="cuda")
t0 = time.perf_counter()
pending = streamer.start_stream(texts)
print("stream opened in", time.perf_counter() - t0)
