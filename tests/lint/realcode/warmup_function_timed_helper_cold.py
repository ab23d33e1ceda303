"""The reporting helper of `warmup_function_timed_helper.py` (it times `model.generate` inside) called first for a
measured run, with no warm-up before it: the first run is cold (WP103)."""

import time

import torch
from transformers import AutoModelForSeq2SeqLM


def timed_decode(model, ids):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = model.generate(ids.to("cuda:0"), max_length=40)  # expect: WP103
    torch.cuda.synchronize()
    return out, time.perf_counter() - t0


def report(model, ids):
    print("decoding...")
    out, secs = timed_decode(model, ids)
    print(f"decode time: {secs:.3f} s, {len(out)} sequences")


def main():
    model = AutoModelForSeq2SeqLM.from_pretrained("t5-small")
    model.to("cuda:0")
    model.eval()
    ids = torch.randint(0, 1000, (4, 16))
    report(model, ids)


if __name__ == "__main__":
    main()
