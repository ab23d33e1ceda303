"""Set 25 class: a model placed on the GPU by its library's loader (`FastLanguageModel.from_pretrained(...)` of
unsloth, which runs only on the GPU; `from_pretrained(..., device_map=...)`), unpacked with its tokenizer from one
call: the model's first generate, timed once, is a cold call (WP103); the tokenizer bound by the same statement is
not a GPU model (its decode is host work)."""

import time

import torch
from unsloth import FastLanguageModel

model, tokenizer = FastLanguageModel.from_pretrained(model_name="llama-3-8b", max_seq_length=4096,
                                                     dtype=torch.bfloat16)
FastLanguageModel.for_inference(model)
inputs = tokenizer(["what is a GPU"], return_tensors="pt").to("cuda")

start = time.time()
outputs = model.generate(**inputs, max_new_tokens=64)  # expect: WP103
text = tokenizer.batch_decode(outputs)
print(text, time.time() - start)
