"""Set 31 class (WP103, a hub model's first generate timed): a causal LM loaded and put on the GPU, optionally
converted in place by a method that takes no input (a weight repacking), then handed to a helper whose first
``generate`` is timed with no earlier call. The conversion runs no forward pass, so the timed call is still cold."""

import sys
import time

import torch
from transformers import AutoModelForCausalLM


def tokens_per_second(lm, prompt_ids, new_tokens):
    begin = time.time()
    result = lm.generate(prompt_ids, max_new_tokens=new_tokens)  # expect: WP103
    elapsed = time.time() - begin
    return result.shape[-1] / elapsed


def main():
    lm = AutoModelForCausalLM.from_pretrained("some/checkpoint", torch_dtype=torch.float16).cuda()
    if "--packed" in sys.argv:
        with torch.no_grad():
            lm.repack_weights()
    prompt_ids = torch.full((4, 16), 7, dtype=torch.long, device="cuda")
    print(tokens_per_second(lm, prompt_ids, 64))


if __name__ == "__main__":
    main()
