"""Ninth session (after the final measurement, set 43): a diffusers pipeline wrapped by an inference library under
its own name (`pipe = lib.wrap(pipe, ...)`) is still the pipeline: called with the default `output_type` (PIL
images) or `output_type="np"` it copies the images to the host before it returns, so a host clock read after it
covers the work (silent), also through a helper that is handed the wrapped pipeline."""
import statistics
import time

import deepspeed
import torch
from diffusers import StableDiffusionPipeline

settings = {"num_inference_steps": 30, "guidance_scale": 6.0}


def latency(p, text, runs=5):
    for _ in range(2):
        p(text, **settings)
    spans = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p(text, **settings)
        spans.append(time.perf_counter() - t0)
    return statistics.median(spans), min(spans)


pipe = StableDiffusionPipeline.from_pretrained("some/model", torch_dtype=torch.float16).to("cuda")
pipe = deepspeed.init_inference(pipe, dtype=torch.float16, replace_with_kernel_inject=True)
print(latency(pipe, "a red bicycle"))

pipe("warm", output_type="np")
start = time.perf_counter()
arrays = pipe("a lighthouse in fog", output_type="np").images
print("np output", time.perf_counter() - start)

with torch.inference_mode():
    begin = time.time()
    pipe(["a boat", "a kite"], num_images_per_prompt=2)
    print("batch of 4", time.time() - begin)
