"""Sets 21-22 class C: a library pipeline (diffusers) called with `output_type="pt"` or `"latent"` and timed with a
host clock, after warm-ups. The pipeline runs host steps the file does not show (its scheduler loop, a safety
checker that copies the images to the host), so the unsynchronized tail is small and not shown: weak evidence,
directly or through a function of the file. A call of the pipeline's UNet itself (a torch module) is still
reported."""

import time
import timeit

import torch
from diffusers import StableDiffusionPipeline

pipe = StableDiffusionPipeline.from_pretrained("some/model", torch_dtype=torch.float16).to("cuda")
for _ in range(2):
    pipe("a cat", output_type="pt")

start = time.time()
images = pipe("a cat", output_type="pt").images
print("pipeline", time.time() - start)  # expect-extra: WP102


def one_step():
    return pipe.__call__(prompt="a dog", num_inference_steps=1, output_type="latent").images[0]


one_step()
print(timeit.timeit("one_step()", globals=globals(), number=20))  # expect-extra: WP102

latents = torch.randn(1, 4, 64, 64, device="cuda", dtype=torch.float16)
emb = torch.randn(1, 77, 768, device="cuda", dtype=torch.float16)
for _ in range(3):
    pipe.unet(latents, 10, encoder_hidden_states=emb)
t0 = time.perf_counter()
noise = pipe.unet(latents, 10, encoder_hidden_states=emb).sample
print("unet", time.perf_counter() - t0)  # expect: WP102
