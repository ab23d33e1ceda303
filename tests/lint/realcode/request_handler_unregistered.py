"""The same handler body as request_handler_silent.py without its route decorator (falseclass): a function of
the module timed on its first call, which WP103 still reports."""
from fastapi import FastAPI, Body
from sentence_transformers import SentenceTransformer
import torch
import time

app = FastAPI()

print("Loading the embedding model on nvidia")
model = SentenceTransformer("all-MiniLM-L6-v2", device="cuda")


async def get_embeddings(payload: dict = Body(...)):
    texts = payload.get("input", [])
    if not texts:
        return []

    start = time.perf_counter()

    with torch.inference_mode():
        with torch.amp.autocast('cuda'):
            embeddings = model.encode(texts, normalize_embeddings=True)  # expect: WP103

    stop = time.perf_counter()
    duration_ms = (stop - start) * 1000

    print(f"{len(texts)} texts in {duration_ms:.2f} ms")

    return embeddings.tolist()