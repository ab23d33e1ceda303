"""Twentieth session (syncrecall, set 86) class: a timing function's `device` parameter (default "cuda") beside a
module-level `device = ["cuda"]`, the list the script loops over. The function reads its parameter, not the list:
the layer and its inputs are on the GPU, and the end read after the loop has no synchronize."""
import timeit

import torch
from attention_xl.relative import RelativeAttention


def bench(hp, iters=100, warmup=10, device="cuda"):
    x = torch.rand((hp.seq_len, hp.bs, hp.dim))
    pos = torch.rand((hp.seq_len, 1, hp.dim))
    attention = RelativeAttention(hp.dim, hp.heads)
    attention.to(device)
    inputs = [x, pos]
    inputs = [item.to(device) for item in inputs]
    for i in range(iters + warmup):
        if i == warmup:
            t0 = timeit.default_timer()
        out = attention.forward(*inputs)
    t1 = timeit.default_timer()  # expect: WP102
    return t1 - t0


if __name__ == "__main__":
    device = ["cuda"]
    for d in device:
        print(bench(None, device=d))
