"""Near miss of ``cold_hub_variants_bad.py``: every pipeline answers one untimed prompt before the helper times
it (the first generation's start-up is paid outside the measurement), so no variant is timed cold."""

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

print("accelerator:", torch.cuda.is_available())

lm_half = AutoModelForCausalLM.from_pretrained(CHECKPOINT, torch_dtype=torch.float16, device_map="auto")
runner_half = pipeline("text-generation", model=lm_half, tokenizer=tok)
runner_half("hello", max_new_tokens=4)
answer, secs = timed_answer(runner_half, QUESTION)
print("gpu fp16", secs)

eight = BitsAndBytesConfig(load_in_8bit=True)
lm_int8 = AutoModelForCausalLM.from_pretrained(CHECKPOINT, quantization_config=eight, device_map="auto")
runner_int8 = pipeline("text-generation", model=lm_int8, tokenizer=tok)
runner_int8("hello", max_new_tokens=4)
answer, secs = timed_answer(runner_int8, QUESTION)
print("gpu int8", secs)
