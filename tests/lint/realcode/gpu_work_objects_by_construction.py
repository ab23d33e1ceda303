"""Sixth session: objects recognised by how they were built, not by their library's name. An encoder a library
builds with `device="cuda"` runs on the GPU when called on data (reported without a synchronize), but its
high-level method handed a file path (`.transcribe("talk.wav")`) need not launch anything the host does not wait
for (silent). A benchmark class that keeps the module its caller built and put on the GPU (`self.model = model`,
`Bench(Net().cuda(), ...)`) times GPU work (reported)."""

import time

import torch
from speechlib import Encoder, Recognizer, load_batch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(256, 256)

    def forward(self, x):
        return self.proj(x).relu()


class Bench:
    def __init__(self, model, batch):
        self.model = model
        self.batch = batch

    def run(self, steps):
        x = self.batch
        self.model(x)
        torch.cuda.synchronize()
        t = time.perf_counter()
        for _ in range(steps):
            self.model(x)
        return time.perf_counter() - t  # expect: WP102


enc = Encoder(width=256, device="cuda")
feats = load_batch("day0")
enc(feats)
torch.cuda.synchronize()
t0 = time.perf_counter()
codes = enc(feats)
print("encode", time.perf_counter() - t0)  # expect: WP102

asr = Recognizer("small", device="cuda")
asr.transcribe("warmup.wav")
t0 = time.perf_counter()
text = asr.transcribe("talk.wav")
print("transcribe", time.perf_counter() - t0, text)

print(Bench(Net().cuda(), load_batch("day1")).run(100))
