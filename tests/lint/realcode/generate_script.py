"""A Hugging Face model loaded onto the GPU and timed: `generate()` waits for every token (its stopping criteria
are tested on the host), so no synchronize is missing; timing its first call is still a missing warmup."""
import time

import torch
from transformers import AutoModelForCausalLM


def main():
    model = AutoModelForCausalLM.from_pretrained("gpt2", device_map={"": "cuda"})
    model.eval()
    print(model.num_parameters())
    ids = torch.randint(0, 100, (1, 16), device="cuda")
    torch.cuda.synchronize()
    start = time.time()
    out = model.generate(ids, max_length=64)  # expect-extra: WP103 (weak evidence)
    torch.cuda.synchronize()
    print(time.time() - start, out.shape)
    t0 = time.perf_counter()
    for _ in range(5):
        out = model.generate(ids, max_length=64)
    print((time.perf_counter() - t0) / 5)


if __name__ == "__main__":
    main()
