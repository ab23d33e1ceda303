"""Set 20 class (a gpt-fast copy): `start = -1 if compile else 0` then `for i in range(start, n)` with `if i == -1:
continue` after the timed generation: the warmup iteration exists only when compiling, so in eager mode the first
timed generation is the model's first call (WP103). Silent: a warmup iteration in both configurations."""

import time

import torch


def generate(model, tokens, steps):
    for _ in range(steps):
        tokens = model(tokens).argmax(-1)
    return tokens


def main(compile: bool = False, num_samples: int = 1, verbose: bool = False):
    model = torch.nn.Embedding(512, 512).cuda()
    tokens = torch.zeros(1, 8, dtype=torch.long, device="cuda")
    start = -1 if compile else 0
    for i in range(start, num_samples):
        if i >= 0 and verbose:
            print("sample", i)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        y = generate(model, tokens, 32)  # expect: WP103
        torch.cuda.synchronize()
        if i == -1:
            print(f"Compilation time: {time.perf_counter() - t0:.2f} seconds")
            continue
        t = time.perf_counter() - t0
        print(f"sample {i}: {32 / t:.1f} tokens/sec")


def main_always_warm(compile: bool = False, num_samples: int = 1):
    model = torch.nn.Embedding(512, 512).cuda()
    tokens = torch.zeros(1, 8, dtype=torch.long, device="cuda")
    first = -2 if compile else -1
    for i in range(first, num_samples):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        y = generate(model, tokens, 32)
        torch.cuda.synchronize()
        if i < 0:
            continue
        t = time.perf_counter() - t0
        print(f"sample {i}: {32 / t:.1f} tokens/sec")


if __name__ == "__main__":
    main()
    main_always_warm()
