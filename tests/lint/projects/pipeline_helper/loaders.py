"""Builders of the demo's pipelines and models (read by the apps, never reported)."""
import torch
from diffusers import DiffusionPipeline, StableDiffusionXLPipeline, UNet2DConditionModel


def build_xl(repo: str, device: str, dtype=torch.float16) -> StableDiffusionXLPipeline:
    pipe = StableDiffusionXLPipeline.from_pretrained(repo, torch_dtype=dtype)
    pipe.set_progress_bar_config(disable=True)
    return pipe.to(device)


def build_any(repo, device):
    pipe = DiffusionPipeline.from_pretrained(repo, torch_dtype=torch.float16).to(device)
    return pipe


def build_denoiser(repo, device):
    return UNet2DConditionModel.from_pretrained(repo, subfolder="unet").to(device).half()
