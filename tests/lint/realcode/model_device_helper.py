"""A decoding module handed a loaded model: it never names CUDA, but it moves its inputs to the model's device
(`ids.to(lm.device)`), which is where a timing script puts a model. The greedy loop and the helper call are GPU
work with no synchronize before the end read. A module that never moves anything to a model's device stays
silent (nothing says a GPU is in use)."""

import time

import torch


def greedy(lm, ids, steps=16):
    ids = ids.to(lm.device)
    t0 = time.perf_counter()
    for _ in range(steps):
        logits = lm(ids).logits[:, -1]
        ids = torch.cat([ids, logits.argmax(-1, keepdim=True)], dim=-1)
    t1 = time.perf_counter()  # expect: WP102
    return ids, t1 - t0


def timed(lm, decode_fn, ids):
    ids = ids.to(lm.device)
    start = time.time()
    out = decode_fn(lm, ids)
    stop = time.time()  # expect: WP102
    return out, stop - start
