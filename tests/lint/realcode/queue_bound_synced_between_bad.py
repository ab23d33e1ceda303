"""Near miss of queue_bound_token_samples_silent.py: a helper that synchronizes runs between one sample's end read
and the next one's start read, so the queue is drained outside the intervals and every sample misses its own tail:
reported."""
import time

import torch
from transformers import AutoModelForCausalLM

steps = 1024
model = AutoModelForCausalLM.from_pretrained("gpt2-large").to("cuda")


def memory_gb():
    torch.cuda.synchronize()
    return torch.cuda.memory_allocated() / 1e9


def decode_times(first_id):
    ids = torch.tensor([[first_id]], device="cuda")
    past = None
    with torch.no_grad():
        model(input_ids=ids)
    torch.cuda.synchronize()
    per_token, mem = [], []
    with torch.no_grad():
        for i in range(steps):
            t0 = time.perf_counter()
            out = model(input_ids=ids[:, -1:], past_key_values=past, use_cache=True)
            nxt = torch.argmax(out.logits[:, -1, :], dim=-1).unsqueeze(-1)
            ids = torch.cat([ids, nxt], dim=-1)
            past = out.past_key_values
            t1 = time.perf_counter()  # expect: WP102
            per_token.append((t1 - t0) * 1000)
            mem.append(memory_gb())
    return per_token, mem


curve, mem = decode_times(50256)
print("mean ms/token:", sum(curve) / len(curve))  # expect: WP105
