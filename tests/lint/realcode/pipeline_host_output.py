"""Set 21 class: a diffusers-style pipeline built by a helper of the file (`load_pipe(cls, ...)` returning
`cls.from_pretrained(...)`, the class chosen at run time) and wrapped by another (`pipe = accelerate(pipe)`), called
with its result used through an attribute (`pipe(prompt).images`, PIL images by default): the pipeline copies its
output to the host before returning, so the host clock needs no synchronize (WP102 silent). Asked for device tensors
(`output_type="pt"`) it may leave a small tail queued that the file does not show (weak since set 22: judged
borderline), and a `torch.nn.Module` called the same way (`net(x).logits`) is GPU work."""

import time

import torch
import diffusers

import fastlib


def load_pipe(pipe_cls, name):
    pipe = pipe_cls.from_pretrained(name, torch_dtype=torch.float16)
    pipe.safety_checker = None
    pipe.to("cuda")
    return pipe


def accelerate(pipe):
    pipe = fastlib.compile(pipe, fastlib.Config())
    return pipe


def main(img2img):
    if img2img:
        pipeline_cls = diffusers.AutoPipelineForImage2Image
    else:
        pipeline_cls = diffusers.AutoPipelineForText2Image
    pipe = load_pipe(pipeline_cls, "sdxl")
    pipe = accelerate(pipe)
    for _ in range(3):
        pipe(prompt="warm up")

    begin = time.time()
    images = pipe(prompt="a cat").images
    end = time.time()
    print(f"inference {end - begin:.3f}s", len(images))

    begin = time.time()
    latents = pipe(prompt="a cat", output_type="pt").images
    end = time.time()  # expect-extra: WP102
    print(f"to latents {end - begin:.3f}s", latents.shape)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(64, 64)

    def forward(self, x):
        return self.proj(x)


net = Net().cuda()
x = torch.randn(8, 64, device="cuda")
net(x)
t0 = time.time()
y = net(x).relu()
print(time.time() - t0)  # expect: WP102
