"""A demo app that reports each request's latency: the pipelines built by the project's `loaders` hand back PIL
images (`.images[0]`), copied to the host, so the clock read after the call has waited (silent)."""
import time

import torch
from loaders import build_any, build_xl

xl = build_xl("some/sdxl", device="cuda")
fast = build_any("some/turbo", device="cuda")
xl("warm", num_inference_steps=2)
fast("warm", num_inference_steps=1)


def handle(prompt: str, steps: int, fast_mode: bool):
    began = time.time()
    if fast_mode:
        picture = fast(prompt, num_inference_steps=steps, generator=torch.Generator().manual_seed(0)).images[0]
    else:
        picture = xl(prompt, num_inference_steps=steps).images[0]
    return picture, f"{time.time() - began:.2f} s"
