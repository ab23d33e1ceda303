"""Set 22 class M5 (fish-speech): a step function compiled in a set-up function and returned, then handed to the
generation loop of the file inside the timed region: the first generation compiles it (WP112, at the call that
hands it in). Silent: the same after one untimed generation."""

import time

import torch


def decode_one(model, tok):
    return model(tok).argmax(-1)


def init(compile_step: bool):
    model = torch.nn.Embedding(1000, 1000).cuda()
    step = torch.compile(decode_one) if compile_step else decode_one
    return model, step


def generate(model, tok, n, step_fn):
    out = []
    for _ in range(n):
        tok = step_fn(model, tok)
        out.append(tok)
    return out


def main(compile_step: bool = True):
    model, step = init(compile_step)
    tok = torch.zeros(1, dtype=torch.long, device="cuda")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    generate(model, tok, 64, step_fn=step)  # expect: WP112
    torch.cuda.synchronize()
    print(64 / (time.perf_counter() - t0), "tok/s")


def steady(compile_step: bool = True):
    model, fast = init(compile_step)
    tok = torch.zeros(1, dtype=torch.long, device="cuda")
    generate(model, tok, 8, step_fn=fast)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    generate(model, tok, 64, step_fn=fast)
    torch.cuda.synchronize()
    print(64 / (time.perf_counter() - t0), "tok/s")


if __name__ == "__main__":
    main()
    steady()
