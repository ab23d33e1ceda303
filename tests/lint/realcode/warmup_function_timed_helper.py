"""A warm-up function that runs the reporting helper itself (`def warm_up(...): report(model, ids)`, called
before the measured runs, the helper timing `model.generate` inside): that first timed call is the warm-up, not a
cold measurement (silent). A script whose first call of the same helper is the measured one is a real WP103
(`warmup_function_timed_helper_cold.py`)."""

import time

import torch
from transformers import AutoModelForSeq2SeqLM


def timed_decode(model, ids):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = model.generate(ids.to("cuda:0"), max_length=40)
    torch.cuda.synchronize()
    return out, time.perf_counter() - t0


def report(model, ids):
    print("decoding...")
    out, secs = timed_decode(model, ids)
    print(f"decode time: {secs:.3f} s, {len(out)} sequences")


def warm_up(model, ids):
    report(model, ids)


def main():
    model = AutoModelForSeq2SeqLM.from_pretrained("t5-small")
    model.to("cuda:0")
    model.eval()
    ids = torch.randint(0, 1000, (4, 16))
    warm_up(model, ids)
    for _ in range(3):
        report(model, ids)


if __name__ == "__main__":
    main()
