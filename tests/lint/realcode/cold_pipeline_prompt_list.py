"""A ready-made pipeline put on the GPU and timed over a few prompts written out in a literal list, with no call
before (set 26): a short list of constants is a handful of inputs, not a dataset, so the first prompt's call is
cold and the average holds it (WP103). Silent: the same loop after one untimed call, and a loop over prompts read
from a file (a run over data, where the first step is part of the workload)."""

import sys
import time

import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained("some/model", torch_dtype=torch.float16).to("cuda")
t0 = time.perf_counter()
for text in ["a red bicycle", "a lighthouse at dusk"]:
    pipe(text)  # expect: WP103
torch.cuda.synchronize()
print("per prompt", (time.perf_counter() - t0) / 2)

primed = DiffusionPipeline.from_pretrained("other/model", torch_dtype=torch.float16).to("cuda")
primed("a test prompt")
torch.cuda.synchronize()
t1 = time.perf_counter()
for text in ["a red bicycle", "a lighthouse at dusk"]:
    primed(text)
torch.cuda.synchronize()
print("per prompt", (time.perf_counter() - t1) / 2)

runner = DiffusionPipeline.from_pretrained("third/model", torch_dtype=torch.float16).to("cuda")
with open(sys.argv[1]) as f:
    prompts = f.read().splitlines()
t2 = time.perf_counter()
for text in prompts:
    runner(text)
torch.cuda.synchronize()
print("whole run", time.perf_counter() - t2)
