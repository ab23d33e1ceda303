"""Mid-point set 37 class (WP103, the first run averaged in): a diffusion pipeline is built and moved to the GPU, and
nothing calls it before a loop that adds each run's interval (two readings, ``t1 - t0``) to a running total divided
by the count: the first, cold run is in the mean."""

import time

import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained("org/painter", torch_dtype=torch.float16)
pipe = pipe.to("cuda")
prompt = "a lighthouse on a cliff"

total = 0.0
for _ in range(8):
    t0 = time.time()
    pipe(prompt=[prompt] * 2, num_inference_steps=30)  # expect: WP103
    t1 = time.time()
    total += t1 - t0
print("latency per image", total / 8 / 2)
