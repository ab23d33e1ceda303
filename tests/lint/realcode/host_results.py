"""Set 15-16 classes: a timed call whose result is a host object is complete when it returns, so a host clock
around it needs no synchronize (WP102 silent): a diffusers pipeline (PIL images), an ultralytics model (results
after NMS), a Coqui TTS call (a waveform), a transformers pipeline; and a timing helper whose every caller passes
a callable that returns host data (a lambda ending in `.cpu().numpy()`, an extension called on NumPy arrays).
A model the file moved to the GPU, timed without a synchronize, is a default finding."""

import time

import numpy as np
import torch
from diffusers import StableDiffusionPipeline
from transformers import pipeline
from TTS.api import TTS
from ultralytics import YOLO

import ext

pipe = StableDiffusionPipeline.from_pretrained("sd-1.5", torch_dtype=torch.float16).to("cuda")
pipe("warmup")
t0 = time.time()
image = pipe("a cat").images[0]
print(f"{time.time() - t0:.2f} s")

detector = YOLO("yolov8n.pt").to("cuda")
detector("frame.jpg")
start = time.time()
results = detector("frame.jpg")
print(time.time() - start)

tts = TTS("xtts_v2").to("cuda")
tts.tts(text="warm")
start = time.time()
wav = tts.tts(text="Hello world!")
print(time.time() - start)

gen = pipeline("text-generation", model="gpt2", device=0)
gen("warm")
start = time.time()
out = gen("Hello")
print(time.time() - start)


def bench(func, *args, warmups=3, runs=10):
    for _ in range(warmups):
        func(*args)
    times = []
    for _ in range(runs):
        t1 = time.perf_counter()
        result = func(*args)
        times.append(time.perf_counter() - t1)
    return result, np.median(times)


a_np = np.random.rand(1 << 20).astype(np.float32)
a = torch.from_numpy(a_np).to("cuda")
print(bench(ext.relu, a_np))
print(bench(lambda: torch.relu(a).cpu().numpy()))

model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
model(x)
t2 = time.perf_counter()
y = model(x)
print(time.perf_counter() - t2)  # expect: WP102
