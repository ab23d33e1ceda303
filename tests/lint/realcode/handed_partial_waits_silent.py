"""A timing helper handed `functools.partial` of a function of the file whose work ends in a wait: the timed call
generates token ids on the GPU and decodes them with the tokenizer's `batch_decode` (the ids are read to the host),
so the end read comes after the device work. Also through a lambda that only calls such a function."""
from functools import partial
from time import perf_counter

import torch


def describe(net, tok, ids):
    with torch.inference_mode():
        out = net(ids).argmax(-1)
    return tok.batch_decode(out, skip_special_tokens=True)


def clocked(job):
    t0 = perf_counter()
    res = job()
    t1 = perf_counter()
    return t1 - t0, res


def run_all(net, tok, batches):
    net = net.to("cuda")
    total = 0.0
    for ids in batches:
        secs, texts = clocked(partial(describe, net, tok, ids))
        total += secs
    secs, texts = clocked(lambda: describe(net, tok, batches[0]))
    print(f"{total:.3f} s, then {secs:.3f} s")


if __name__ == "__main__":
    from transformers import AutoModelForCausalLM, AutoTokenizer
    run_all(AutoModelForCausalLM.from_pretrained("org/lm"), AutoTokenizer.from_pretrained("org/lm"),
            [torch.ones(2, 16, dtype=torch.long, device="cuda") for _ in range(4)])
