"""The same timed helper handed the model itself (a module on the GPU, no pipeline): its call returns logits still
being computed, and nothing waits before the end read. Reported."""
import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def build(name):
    tok = AutoTokenizer.from_pretrained(name)
    model = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.bfloat16).cuda()
    return model, tok


def run_inference(pipe, ids):
    return pipe(ids).logits


def main(name, prompt):
    model, tok = build(name)
    ids = tok(prompt, return_tensors="pt").input_ids.cuda()
    run_inference(model, ids)
    torch.cuda.synchronize()
    start = time.time()
    logits = run_inference(pipe=model, ids=ids)
    print(time.time() - start)  # expect: WP102
    return logits
