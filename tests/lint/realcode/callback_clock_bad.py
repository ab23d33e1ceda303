"""Set 32 class: clocks read inside callbacks the framework calls while the model's work is only queued: a logits
processor taking time to first token when `generate` hands it the first logits, and forward hooks stamping each
layer's end when its module returns (its kernels launched, not run)."""

import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer, LogitsProcessor, LogitsProcessorList


class FirstLogits(LogitsProcessor):
    def __init__(self, t0):
        self.t0 = t0
        self.ttft = None

    def __call__(self, input_ids, scores):
        if self.ttft is None:
            self.ttft = time.perf_counter() - self.t0  # expect: WP102
        return scores


def per_layer_times(model):
    stamps = {}

    def stamp(module, args, output):
        stamps[id(module)] = time.perf_counter()  # expect: WP102

    for layer in model.model.layers:
        layer.register_forward_hook(stamp)
    return stamps


tok = AutoTokenizer.from_pretrained("gpt2")
model = AutoModelForCausalLM.from_pretrained("gpt2").cuda().eval()
stamps = per_layer_times(model)
ids = tok("hello there", return_tensors="pt").input_ids.cuda()
first = FirstLogits(time.perf_counter())
with torch.no_grad():
    model.generate(ids, max_new_tokens=32, logits_processor=LogitsProcessorList([first]))
print("ttft", first.ttft, "layers", len(stamps))
