"""A transformers text-generation pipeline built in a set-up function, handed back in a tuple and handed on to the
timed helper through a parameter: its call decodes the generated ids to host strings, so it returns when generation
is done. Silent."""
import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer, pipeline


def build(name):
    tok = AutoTokenizer.from_pretrained(name)
    model = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.bfloat16, device_map="auto")
    pipe = pipeline("text-generation", model=model, tokenizer=tok, device_map="auto")
    return pipe, tok


def run_inference(pipe, prompt, n):
    out = pipe(prompt, max_new_tokens=n, do_sample=False)
    return out[0]["generated_text"]


def main(name, prompt):
    print(torch.cuda.get_device_name(0))
    pipe, tok = build(name)
    run_inference(pipe, prompt, 8)
    for n in (64, 128):
        start = time.time()
        text = run_inference(pipe=pipe, prompt=prompt, n=n)
        print(n, time.time() - start, len(text))
