"""A pipeline loaded with `device=` naming the GPU (`device = "cuda"`): its call runs on the GPU, so its single
timed first call holds the GPU's start-up (cuDNN/cuBLAS, lazy kernel loading): WP103 with strong evidence (gpuwork
session; before, the placement was unknown and the finding weak)."""
import time

import torch
from diffusers import StableDiffusionPipeline

device = "cuda"
pipe = StableDiffusionPipeline.from_pretrained("some/model", torch_dtype=torch.float16, device=device)

start = time.time()
image = pipe("a cat on a pillow").images[0]  # expect: WP103
print("inference", time.time() - start)
