"""Set 22 class M2: a script with one branch per model kind; the other branches warm the pipeline up before timing,
the first one times the pipeline's very first call and then a variant built on it (the pipeline handed to a
helper that patches it) warm: the "speed-up" compares a cold run with a warm one (WP103). The warmup words of the
other branches do not reach it. Silent: the branch that warms up, and a cold-vs-warm pair of the same pipeline
(nothing changed in between: a deliberate first-call figure)."""

import sys
import time

import torch
from diffusers import StableDiffusionPipeline

from fastcache import CacheHelper

kind = sys.argv[1]
pipe = StableDiffusionPipeline.from_pretrained("sd-model", torch_dtype=torch.float16).to("cuda")

if kind == "video":
    start = time.time()
    frames = pipe("a rocket", num_inference_steps=25).images[0]  # expect: WP103
    base = time.time() - start
    helper = CacheHelper(pipe=pipe)
    helper.enable()
    start = time.time()
    frames = pipe("a rocket", num_inference_steps=25).images[0]
    fast = time.time() - start
    print(f"speed-up {base / fast:.2f}x")
elif kind == "image":
    print("Warmup GPU...")
    pipe("a cat", num_inference_steps=25)
    start = time.time()
    image = pipe("a cat", num_inference_steps=25).images[0]
    print("image", time.time() - start)
else:
    start = time.time()
    image = pipe("a dog", num_inference_steps=25).images[0]
    cold = time.time() - start
    start = time.time()
    image = pipe("a dog", num_inference_steps=25).images[0]
    warm = time.time() - start
    print(f"first call {cold:.2f}s, then {warm:.2f}s")
