"""Near miss of ``cold_config_rows_bad.py``: each fresh model runs one short untimed prefill before its rows, and a
second helper's rows come from a ``range`` of repeats (a repeat loop whose later rows are warm, each kept apart)."""

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
        with torch.no_grad():
            net(torch.zeros((1, 16), dtype=torch.long, device="cuda"))
        for length in LENGTHS:
            secs = prefill_seconds(net, length)
            table[(kind, length)] = secs
            print(kind, length, secs)
    return table


def repeats(name):
    net = AutoModelForCausalLM.from_pretrained(name, device_map="auto")
    for i in range(5):
        secs = prefill_seconds(net, 1024)
        print(i, secs)


if __name__ == "__main__":
    sweep("org/long-model")
    repeats("org/other-model")
