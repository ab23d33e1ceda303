"""WP103 class (a library object built on the GPU with ``device="cuda"``, its first run timed): a sentence-embedding
model and a speech recognizer are each made straight on the GPU by their library, then their first ``encode`` /
``transcribe`` is timed as the throughput figure. Their first call pays CUDA and library start-up."""

import time

import whisper
from sentence_transformers import SentenceTransformer

texts = ["a short sentence"] * 2048
embedder = SentenceTransformer("mini-embedder", device="cuda")
t0 = time.perf_counter()
vectors = embedder.encode(texts, batch_size=128)  # expect: WP103
print("sentences/s", len(texts) / (time.perf_counter() - t0))

recognizer = whisper.load_model("small", device="cuda")
t0 = time.perf_counter()
text = recognizer.transcribe("talk.wav")["text"]  # expect: WP103
print("transcribed in", time.perf_counter() - t0)
