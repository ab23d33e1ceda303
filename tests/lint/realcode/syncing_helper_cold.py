"""A function of the file that runs its work once and waits for it (a synchronize, or `model.generate(...)`) is the
work itself, not a benchmark harness (set 23 miss): its first call, timed once, is WP103. A synchronizing helper
that loops over repeats or reads a clock itself may warm up inside and stays silent."""
import time

import torch
import transformers

lm = transformers.AutoModelForCausalLM.from_pretrained("sshleifer/tiny-gpt2").to("cuda")
grid = torch.rand(8, 256, 256, device="cuda")


def complete(prompt_ids, new_tokens=16):
    with torch.inference_mode():
        out = lm.generate(prompt_ids, max_new_tokens=new_tokens)
    return sum(len(row) for row in out)


def smooth(volume):
    result = torch.nn.functional.avg_pool2d(volume, 3, 1, 1)
    torch.cuda.synchronize()
    return result


def smooth_repeated(volume, reps=20):
    for _ in range(reps):
        result = torch.nn.functional.max_pool2d(volume, 3, 1, 1)
    torch.cuda.synchronize()
    return result


if __name__ == "__main__":
    ids = torch.tensor([[50256]], device="cuda")
    t0 = time.perf_counter()
    n = complete(ids)  # expect: WP103
    print("tokens/s", n / (time.perf_counter() - t0))

    t1 = time.perf_counter()
    smooth(grid)  # expect: WP103
    print("smooth", time.perf_counter() - t1)

    t2 = time.perf_counter()
    smooth_repeated(grid)
    print("repeated", (time.perf_counter() - t2) / 20)
