"""Set 31 class (WP103, a hub pipeline timed on its first call in a file that never names CUDA): the pipeline is
placed by ``device_map="auto"`` (the accelerator), its load is timed on purpose (labelled), and then its first
generation is timed as the speed figure, with no call before."""

import time

import torch
import transformers

started = time.time()
chat = transformers.pipeline("text-generation", model="org/chat-13b", torch_dtype=torch.float16, device_map="auto")
print(f"loaded the model in {time.time() - started:.1f} s")

with open("prompt.txt") as fh:
    request = fh.read()
started = time.time()
outputs = chat(request, max_length=900)  # expect: WP103
finished = time.time()
produced = len(outputs[0]["generated_text"].split())
print("words per second", produced / (finished - started))
