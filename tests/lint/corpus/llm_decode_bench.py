"""Decode-latency benchmark of a small causal LM, written in the style of inference-serving repos.

(Held-out file: labelled before the linter was run on it; the rules were not tuned on it afterwards.)
"""
import argparse
import json
import time
from timeit import default_timer as timer

import numpy as np
import torch
import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self, vocab=32000, d=1024, layers=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList(nn.TransformerEncoderLayer(d, 16, batch_first=True) for _ in range(layers))
        self.head = nn.Linear(d, vocab)

    def forward(self, ids):
        h = self.emb(ids)
        for b in self.blocks:
            h = b(h)
        return self.head(h[:, -1])


@torch.inference_mode()
def generate(model, ids, new_tokens):
    for _ in range(new_tokens):
        nxt = model(ids).argmax(-1, keepdim=True)
        ids = torch.cat([ids, nxt], dim=1)
    return ids


def measure_prefill(model, ids, reps):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    out = []
    for _ in range(reps):
        start.record()
        model(ids)
        end.record()
        end.synchronize()
        out.append(start.elapsed_time(end))
    return out


def measure_decode(model, ids, new_tokens, reps):
    per_token = []
    for _ in range(reps):
        t0 = timer()
        generate(model, ids, new_tokens)
        dt = timer() - t0  # expect: WP102
        per_token.append(dt / new_tokens)
    return per_token


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--prompt", type=int, default=512)
    p.add_argument("--new", type=int, default=64)
    args = p.parse_args()
    model = TinyLM().cuda().half().eval()
    ids = torch.randint(0, 32000, (args.batch, args.prompt), device="cuda")
    with torch.inference_mode():
        generate(model, ids, 4)
    torch.cuda.synchronize()
    prefill = measure_prefill(model, ids, 20)
    decode = measure_decode(model, ids, args.new, 5)
    report = {
        "prefill_ms": float(np.mean(prefill)),  # expect: WP105
        "decode_ms_per_token": float(np.median(decode)) * 1e3,
        "decode_p90": float(np.percentile(decode, 90)) * 1e3,
        "timestamp": time.time(),
    }
    print(json.dumps(report))
    t_start = time.time()
    out = generate(model, ids, args.new)
    print(out.shape, "in", time.time() - t_start)  # expect: WP102, WP106


if __name__ == "__main__":
    main()
