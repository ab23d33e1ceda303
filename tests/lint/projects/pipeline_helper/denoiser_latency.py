"""The near miss: a model of the same library built by the project's loader (a UNet, not a pipeline) returns
device tensors (`.sample`): the clock read after it measures the launch (WP102)."""
import time

import torch
from loaders import build_denoiser

unet = build_denoiser("some/sd", device="cuda")
lat = torch.randn(1, 4, 64, 64, device="cuda", dtype=torch.half)
emb = torch.randn(1, 77, 768, device="cuda", dtype=torch.half)
unet(lat, 10, emb).sample


def step(t):
    began = time.time()
    noise = unet(lat, t, emb).sample
    return noise, time.time() - began  # expect: WP102
