"""A web server's request handler (falseclass, set 152): each request's latency is logged on its own; the first
request's cold start is the latency that request had, not a cold sample in a steady-state figure (no WP103)."""
from fastapi import FastAPI, Body
from sentence_transformers import SentenceTransformer
import torch
import time

app = FastAPI()

print("Loading the embedding model on nvidia")
model = SentenceTransformer("all-MiniLM-L6-v2", device="cuda")


@app.post("/v1/embeddings")
async def get_embeddings(payload: dict = Body(...)):
    texts = payload.get("input", [])
    if not texts:
        return []

    start = time.perf_counter()

    with torch.inference_mode():
        with torch.amp.autocast('cuda'):
            embeddings = model.encode(texts, normalize_embeddings=True)

    stop = time.perf_counter()
    duration_ms = (stop - start) * 1000

    print(f"{len(texts)} texts in {duration_ms:.2f} ms")

    return embeddings.tolist()