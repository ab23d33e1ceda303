"""Near miss of ``cold_hub_no_cuda_word_bad.py``: the same accelerator-placed pipeline answers a short untimed
request first, so the timed generation is warm; a second pipeline kept on the CPU (``device_map="cpu"``) is timed
cold, which is no GPU start-up."""

import time

import torch
import transformers

chat = transformers.pipeline("text-generation", model="org/chat-13b", torch_dtype=torch.float16, device_map="auto")
chat("hi", max_length=8)

with open("prompt.txt") as fh:
    request = fh.read()
started = time.time()
outputs = chat(request, max_length=900)
finished = time.time()
print("seconds", finished - started)

local = transformers.pipeline("text-generation", model="org/chat-1b", device_map="cpu")
started = time.time()
outputs = local(request, max_length=900)
print("cpu seconds", time.time() - started)
