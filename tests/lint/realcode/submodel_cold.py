"""Set 20 class: a pipeline's sub-model (`pipe.unet`, whose own attributes `pipe.unet.config` are read) is another
model than `pipe.text_encoder`: running the text encoder does not warm up the UNet, whose first call is the first
of ten averaged samples (WP103). An extension module's other function run before still counts as its warmup."""

import statistics
import time

import torch
from diffusers import StableDiffusionPipeline

import ext

pipe = StableDiffusionPipeline.from_pretrained("sd", torch_dtype=torch.float16).to("cuda")
latents = torch.randn((1, pipe.unet.config.in_channels, 64, 64), device="cuda", dtype=pipe.unet.dtype)
step = torch.tensor([10], device="cuda")
emb = pipe.text_encoder(pipe.tokenizer("a cat", return_tensors="pt").input_ids.to("cuda"))[0]
times = []
for i in range(10):
    torch.cuda.synchronize()
    t0 = time.time()
    noise = pipe.unet(latents, step, emb).sample  # expect: WP103
    torch.cuda.synchronize()
    times.append(time.time() - t0)
print(statistics.mean(times))  # expect: WP105

x = torch.randn(1024, device="cuda")
out = torch.empty_like(x)
ext.scale(x)
samples = []
for i in range(10):
    torch.cuda.synchronize()
    t1 = time.time()
    ext.scale_out(out, x)
    torch.cuda.synchronize()
    samples.append(time.time() - t1)
print(statistics.median(samples))
