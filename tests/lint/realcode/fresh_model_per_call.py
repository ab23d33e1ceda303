"""Set 22 class M4 (whisper_bench): a benchmark function called once per model name loads a fresh model (the load
wrapped in `try ... except torch.cuda.OutOfMemoryError`: it goes to the GPU) and times its first transcription
(WP103: every model's first call is cold; the earlier calls of the function ran other models). Silent: the same
after one untimed call, and a loader the file never shows on the GPU."""

import time

import torch

import speechlib


def bench(name):
    torch.cuda.empty_cache()
    try:
        model = speechlib.load_model(name)
    except torch.cuda.OutOfMemoryError:
        return None
    start = time.time()
    model.transcribe("short.wav")  # expect: WP103
    short = time.time() - start
    start = time.time()
    model.transcribe("long.wav")
    return short, time.time() - start


def bench_warm(name):
    try:
        model = speechlib.load_model(name)
    except torch.cuda.OutOfMemoryError:
        return None
    model.transcribe("tiny.wav")
    start = time.time()
    model.transcribe("short.wav")
    return time.time() - start


def bench_unknown(name):
    model = speechlib.load_model(name)
    start = time.time()
    model.transcribe("short.wav")
    return time.time() - start


if __name__ == "__main__":
    for n in ("tiny", "base", "small"):
        print(n, bench(n), bench_warm(n), bench_unknown(n))
