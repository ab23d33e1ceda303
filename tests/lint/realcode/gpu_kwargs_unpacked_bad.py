"""A method of an object the linter cannot read (a loader of the project returned it) handed a mapping of GPU tensors
unpacked (`generate(**inputs)`, `inputs` moved `.to("cuda")`): GPU work, the model's first generate, timed once with
no call before: WP103 (gpuwork session; before, only positional GPU arguments counted)."""
import time

import torch
from engine.loading import load_model

loaded = load_model("some/model", device="cuda:0")
inputs = loaded.tokenizer("hello", return_tensors="pt").to("cuda:0")
t0 = time.perf_counter()
with torch.inference_mode():
    out = loaded.model.generate(**inputs, max_new_tokens=64)  # expect: WP103
dt = time.perf_counter() - t0
print(f"{out.shape[-1] / dt:.1f} tok/s")
