"""Near miss of `from_pretrained_device_kw_bad.py`: the pipeline is loaded with `device="cpu"`; nothing runs on a
GPU (gpuwork session)."""
import time

from diffusers import StableDiffusionPipeline

pipe = StableDiffusionPipeline.from_pretrained("some/model", device="cpu")

start = time.time()
image = pipe("a cat on a pillow").images[0]
print("inference", time.time() - start)
