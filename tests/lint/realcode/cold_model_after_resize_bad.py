# A model whose embeddings were resized before the run (new weights, no forward pass): its one timed generate is cold.
import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

tok = AutoTokenizer.from_pretrained("tiny-lm")
model = AutoModelForCausalLM.from_pretrained("tiny-lm")
model.to(torch.device("cuda"))
model.resize_token_embeddings(len(tok))
ids = tok("hello", return_tensors="pt").input_ids.to("cuda")
t0 = time.time()
out = model.generate(input_ids=ids, max_new_tokens=32)  # expect: WP103
dt = time.time() - t0
print(f"tokens/s: {(out.shape[1] - ids.shape[1]) / dt:.1f}")
