"""Set 32 class (WP103, the first generation of each freshly loaded model timed once): a notebook-style script
loads one language model per precision, each with ``device_map=...`` (on the accelerator), wraps it in a text
pipeline and hands the pipeline to a helper that times one call. Every variant's only sample is its pipeline's
first call; each call site that hands a cold pipeline in is reported. The CPU variant (no ``device_map``,
``device=-1``) is not GPU work and stays silent."""

import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer, BitsAndBytesConfig, pipeline

CHECKPOINT = "org/small-lm"
QUESTION = "Why do caches help?"


def timed_answer(runner, text, budget=64):
    began = time.time()
    reply = runner(text, max_new_tokens=budget, do_sample=False)
    took = time.time() - began
    return reply[0]["generated_text"], took


tok = AutoTokenizer.from_pretrained(CHECKPOINT)

lm_host = AutoModelForCausalLM.from_pretrained(CHECKPOINT)
runner_host = pipeline("text-generation", model=lm_host, tokenizer=tok, device=-1)
answer, secs = timed_answer(runner_host, QUESTION)
print("cpu fp32", secs)

print("accelerator:", torch.cuda.is_available())

lm_half = AutoModelForCausalLM.from_pretrained(CHECKPOINT, torch_dtype=torch.float16, device_map="auto")
runner_half = pipeline("text-generation", model=lm_half, tokenizer=tok)
answer, secs = timed_answer(runner_half, QUESTION)  # expect: WP103
print("gpu fp16", secs)

eight = BitsAndBytesConfig(load_in_8bit=True)
lm_int8 = AutoModelForCausalLM.from_pretrained(CHECKPOINT, quantization_config=eight, device_map="auto")
runner_int8 = pipeline("text-generation", model=lm_int8, tokenizer=tok)
answer, secs = timed_answer(runner_int8, QUESTION)  # expect: WP103
print("gpu int8", secs)
