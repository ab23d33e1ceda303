"""Near miss of cold_generate_after_configure_bad.py: the same loaded and converted model, but an untimed call of
the model's own warm-up method (no input, its name says it runs the model) and a short untimed ``generate`` come
before the timed helper, so the timed ``generate`` is warm."""

import sys
import time

import torch
from transformers import AutoModelForCausalLM


def tokens_per_second(lm, prompt_ids, new_tokens):
    begin = time.time()
    result = lm.generate(prompt_ids, max_new_tokens=new_tokens)
    torch.cuda.synchronize()
    elapsed = time.time() - begin
    return result.shape[-1] / elapsed


def main():
    lm = AutoModelForCausalLM.from_pretrained("some/checkpoint", torch_dtype=torch.float16).cuda()
    if "--packed" in sys.argv:
        with torch.no_grad():
            lm.repack_weights()
    prompt_ids = torch.full((4, 16), 7, dtype=torch.long, device="cuda")
    lm.generate(prompt_ids, max_new_tokens=4)
    print(tokens_per_second(lm, prompt_ids, 64))


if __name__ == "__main__":
    main()
