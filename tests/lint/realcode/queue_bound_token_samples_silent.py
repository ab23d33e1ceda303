"""Per-token samples of a 1024-step decode loop, read back to back (nothing between one sample's end and the next
one's start but host bookkeeping), a model forward in each: the launch queue holds a handful of tokens at most, so
the plotted curve and its mean are off by that handful. Weak (queuebound, set 117 class): shown only with `extra`."""
import time

import matplotlib.pyplot as plt
import torch
from transformers import AutoModelForCausalLM

steps = 1024
model = AutoModelForCausalLM.from_pretrained("gpt2-large").to("cuda")


def decode_times(first_id):
    ids = torch.tensor([[first_id]], device="cuda")
    past = None
    with torch.no_grad():
        model(input_ids=ids)
    torch.cuda.synchronize()
    per_token = []
    with torch.no_grad():
        for i in range(steps):
            t0 = time.perf_counter()
            out = model(input_ids=ids[:, -1:], past_key_values=past, use_cache=True)
            nxt = torch.argmax(out.logits[:, -1, :], dim=-1).unsqueeze(-1)
            ids = torch.cat([ids, nxt], dim=-1)
            past = out.past_key_values
            t1 = time.perf_counter()  # expect-extra: WP102
            per_token.append((t1 - t0) * 1000)
            if (i + 1) % 128 == 0:
                print(f"{i + 1}/{steps} tokens")
    return per_token


curve = decode_times(50256)
plt.plot(curve)
print("mean ms/token:", sum(curve) / len(curve))
