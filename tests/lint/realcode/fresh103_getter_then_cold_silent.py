import time

import numpy as np
import torch
from sentence_transformers import SentenceTransformer

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
MODELS = ["model-a", "model-b"]
DOCS = ["a short text", "another short text", "a third one"]


def load(name: str) -> SentenceTransformer:
    model = SentenceTransformer(name, device=DEVICE)
    return model


def speed(model: SentenceTransformer, texts: list[str], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        model.encode(texts)
        times.append(time.perf_counter() - t0)
    print("samples (s):", [round(t, 4) for t in times])
    return np.mean(times)


def run_one(name: str) -> dict:
    model = load(name)
    print("dim", model.get_sentence_embedding_dimension())
    model.encode(DOCS[:1])  # one untimed run: the handles and kernels load here
    return {"name": name, "ms": speed(model, DOCS) * 1000}


def main():
    rows = []
    for name in MODELS:
        try:
            row = run_one(name)
            rows.append(row)
        except RuntimeError as e:
            print(f"{name} failed: {e}")
    for row in rows:
        print(f"{row['name']}: {row['ms']:.2f} ms")


if __name__ == "__main__":
    main()
