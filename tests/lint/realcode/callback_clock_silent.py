"""Near miss of callback_clock_bad.py: each callback waits for the device before it reads the clock, and a
streamer's `put` (handed tokens already copied to the host by `generate`) reads it freely."""

import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer, LogitsProcessor, LogitsProcessorList, TextStreamer


class FirstLogits(LogitsProcessor):
    def __init__(self, t0):
        self.t0 = t0
        self.ttft = None

    def __call__(self, input_ids, scores):
        if self.ttft is None:
            torch.cuda.synchronize()
            self.ttft = time.perf_counter() - self.t0
        return scores


class Stamps(TextStreamer):
    def put(self, value):
        self.last = time.perf_counter()
        super().put(value)


def per_layer_times(model):
    stamps = {}

    def stamp(module, args, output):
        torch.cuda.synchronize()
        stamps[id(module)] = time.perf_counter()

    for layer in model.model.layers:
        layer.register_forward_hook(stamp)
    return stamps


tok = AutoTokenizer.from_pretrained("gpt2")
model = AutoModelForCausalLM.from_pretrained("gpt2").cuda().eval()
stamps = per_layer_times(model)
ids = tok("hello there", return_tensors="pt").input_ids.cuda()
torch.cuda.synchronize()
first = FirstLogits(time.perf_counter())
with torch.no_grad():
    model.generate(ids, max_new_tokens=32, logits_processor=LogitsProcessorList([first]), streamer=Stamps(tok))
print("ttft", first.ttft, "layers", len(stamps))
