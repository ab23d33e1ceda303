"""A text-generation pipeline handed to a timing function as a parameter (set 31/32 class): every caller passes a
`pipeline(...)` object, which returns decoded strings, so the clock read after it follows the finished work (no
WP102). The same function handed a bare model that returns device tensors is still reported."""
import time

import torch
from transformers import AutoModelForCausalLM, pipeline


def latency(gen, request, budget=32):
    for _ in range(3):
        gen("hello")
    began = time.perf_counter()
    answer = gen(request, max_new_tokens=budget)
    took = time.perf_counter() - began
    return answer[0]["generated_text"], took


def forward_latency(net, ids):
    for _ in range(3):
        net(ids)
    began = time.perf_counter()
    logits = net(ids).logits
    took = time.perf_counter() - began  # expect: WP102
    return logits, took


lm = AutoModelForCausalLM.from_pretrained("some/model", torch_dtype=torch.float16).to("cuda")
writer = pipeline("text-generation", model=lm, device=0)
small = pipeline("text-generation", model="some/small-model", device=0)
print(latency(writer, "Write a haiku")[1])
print(latency(small, "Write a limerick", budget=16)[1])
print(forward_latency(lm, torch.ones(1, 8, dtype=torch.long, device="cuda"))[1])
