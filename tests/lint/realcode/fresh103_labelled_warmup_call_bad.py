import time

import torch
from transformers import AutoModelForCausalLM


def one_batch(bs, length):
    ids = torch.randint(100, 200, (bs, 1)).to(device)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    model.generate(ids, min_new_tokens=length, max_new_tokens=length)  # expect: WP103
    torch.cuda.synchronize()
    print(f"{bs=} {bs * length / (time.perf_counter() - t0):.1f} tokens/s")


model = AutoModelForCausalLM.from_pretrained("some/model", torch_dtype="float16")
device = "cuda" if torch.cuda.is_available() else "cpu"
model.to(device)
# no warm-up: the first batch size shows the cold start on purpose? (it does not: its row reads as a steady figure)
one_batch(4, 50)
for bs in [1, 2, 4, 8]:
    one_batch(bs, 32)
