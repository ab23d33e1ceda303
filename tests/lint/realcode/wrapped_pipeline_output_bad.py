"""Ninth session (after the final measurement, set 43): the near miss of `wrapped_pipeline_output_silent.py`. The
same wrapped pipeline asked for device tensors (`output_type="latent"` or `"pt"`) returns before its GPU work is
done: a host clock read right after it measures the launches (WP102) through a helper; at module level and in a
`with` block the pipeline call is seen as the region's last work, whose own host steps leave a small tail (weak,
as judged on sets 21-22)."""
import statistics
import time

import deepspeed
import torch
from diffusers import StableDiffusionPipeline

settings = {"num_inference_steps": 30, "guidance_scale": 6.0}


def latency(p, text, runs=5):
    for _ in range(2):
        p(text, output_type="latent", **settings)
    spans = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p(text, output_type="latent", **settings)
        spans.append(time.perf_counter() - t0)  # expect: WP102
    return statistics.median(spans), min(spans)


pipe = StableDiffusionPipeline.from_pretrained("some/model", torch_dtype=torch.float16).to("cuda")
pipe = deepspeed.init_inference(pipe, dtype=torch.float16, replace_with_kernel_inject=True)
print(latency(pipe, "a red bicycle"))

pipe("warm", output_type="pt")
start = time.perf_counter()
tensors = pipe("a lighthouse in fog", output_type="pt").images
print("pt output", time.perf_counter() - start)  # expect-extra: WP102

with torch.inference_mode():
    begin = time.time()
    pipe(["a boat", "a kite"], num_images_per_prompt=2, output_type="latent")
    print("batch of 4", time.time() - begin)  # expect-extra: WP102
