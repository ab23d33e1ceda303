"""Twentieth session (syncrecall, set 86) near miss: the same function called only with the CPU (`device =
["cpu"]`, and the parameter's default is the CPU too): host work, nothing to wait for."""
import timeit

import torch
from attention_xl.relative import RelativeAttention


def bench(hp, iters=100, warmup=10, device="cpu"):
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
    t1 = timeit.default_timer()
    return t1 - t0


if __name__ == "__main__":
    device = ["cpu"]
    for d in device:
        print(bench(None, device=d))
