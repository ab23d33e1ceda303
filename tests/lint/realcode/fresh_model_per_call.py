"""Set 22 class M4 (whisper_bench): a benchmark function called once per model name loads a fresh model (the load
wrapped in `try ... except torch.cuda.OutOfMemoryError`: it goes to the GPU) and times its first transcription
(WP103: every model's first call is cold; the earlier calls of the function ran other models). Set 24 class: the
same with a model class built and moved to the GPU in the function (`model = Net(w); model.to("cuda")`), and a
checkpoint loaded with a `device` argument then timed between CUDA synchronizes (`generate(model, ...)`). Silent: the same
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


class Net(torch.nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = torch.nn.Linear(width, width)

    def generate(self, x, steps):
        for _ in range(steps):
            x = self.proj(x)
        return x


def bench_width(width):
    net = Net(width)
    net.to("cuda")
    net.eval()
    x = torch.randn(8, width, device="cuda")
    start = time.time()
    net.generate(x, 16)  # expect: WP103
    torch.cuda.synchronize()
    return time.time() - start


def bench_mode(mode, ckpt, device, tok):
    lm = speechlib.load_checkpoint(ckpt, device)
    if mode == "fp16":
        lm = lm.half()
    if device.type == "cuda":
        torch.cuda.synchronize()
    start = time.perf_counter()
    text = speechlib.decode(lm, tok, max_new_tokens=50)  # expect: WP103
    if device.type == "cuda":
        torch.cuda.synchronize()
    return time.perf_counter() - start


if __name__ == "__main__":
    for n in ("tiny", "base", "small"):
        print(n, bench(n), bench_warm(n), bench_unknown(n))
    for w in (256, 1024):
        print(w, bench_width(w))
    dev = torch.device("cuda")
    for m in ("fp32", "fp16"):
        print(m, bench_mode(m, "ckpt.pt", dev, None))
