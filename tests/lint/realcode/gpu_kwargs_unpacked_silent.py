"""Near miss of `gpu_kwargs_unpacked_bad.py`: the same generate run once before the timing (a warm-up), so the timed
call is warm; and a mapping of host tensors unpacked (no `.to(...)`): nothing shown on the GPU (gpuwork session)."""
import time

import torch
from engine.loading import load_model

loaded = load_model("some/model", device="cuda:0")
inputs = loaded.tokenizer("hello", return_tensors="pt").to("cuda:0")
with torch.inference_mode():
    loaded.model.generate(**inputs, max_new_tokens=4)
t0 = time.perf_counter()
with torch.inference_mode():
    out = loaded.model.generate(**inputs, max_new_tokens=64)
dt = time.perf_counter() - t0
print(f"{out.shape[-1] / dt:.1f} tok/s")


def on_host(other):
    host_inputs = other.tokenizer("hello", return_tensors="pt")
    t1 = time.perf_counter()
    res = other.model.generate(**host_inputs, max_new_tokens=64)
    print(time.perf_counter() - t1, res.shape)
