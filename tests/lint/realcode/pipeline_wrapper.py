"""Set 20 class: a transformers pipeline built around a model loaded onto the GPU (`device_map="cuda"`) runs that
model: its first call, timed once, is a cold call (WP103). A `pipeline` returns host objects, so no synchronize is
missing (no WP102). A torch scheduler or optimizer built from a model is not such a wrapper."""

import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer, pipeline

model = AutoModelForCausalLM.from_pretrained("m", device_map="cuda", torch_dtype="auto")
tokenizer = AutoTokenizer.from_pretrained("m")
pipe = pipeline("text-generation", model=model, tokenizer=tokenizer)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)

time_start = time.time()
output = pipe([{"role": "user", "content": "hi"}], max_new_tokens=500)  # expect: WP103
print(time.time() - time_start, "s")

t0 = time.time()
scheduler.step()
print("lr step", time.time() - t0)
