"""Set 31 class (WP103, models rebuilt per configuration): for each attention kind a fresh model is loaded, then a
helper measures one row per context length from a list the file writes out; the first length's row of every
model holds that model's first forward. Reported at the call that hands the fresh model in."""

import time

import torch
from transformers import AutoModelForCausalLM

LENGTHS = [4_000, 16_000, 64_000]
KINDS = ["dense", "sparse"]


def prefill_seconds(net, length):
    ids = torch.randint(0, 1000, (1, length), device="cuda")
    torch.cuda.synchronize()
    t0 = time.time()
    with torch.no_grad():
        net(ids)
    torch.cuda.synchronize()
    return time.time() - t0


def sweep(name):
    table = {}
    for kind in KINDS:
        net = AutoModelForCausalLM.from_pretrained(name, device_map="auto", attn_implementation=kind)
        for length in LENGTHS:
            secs = prefill_seconds(net, length)  # expect: WP103
            table[(kind, length)] = secs
            print(kind, length, secs)
    return table


if __name__ == "__main__":
    sweep("org/long-model")
