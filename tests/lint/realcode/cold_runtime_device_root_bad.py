"""Set 30 class (WP103, a model built in a function no code of the file calls, on a device chosen at run time): the
benchmark entry point builds one fresh model per variant on ``pick_device()`` (another module decides), waits for
the device through a helper that calls ``torch.cuda.synchronize`` on CUDA, and adds each prefill latency to a
running total. The waits say the measurement is written for the GPU; the model is built right there, so whoever
calls the function, its first forward is in the total."""

from time import perf_counter

import torch

from mybench.models import TinyDecoder
from mybench.util import pick_device


def _wait(device):
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def prefill_latency(variants, prompt_len=256, repeats=3):
    rows = []
    for variant in variants:
        device = pick_device()
        net = TinyDecoder(variant).to(device)
        prompt = torch.randint(0, 500, (1, prompt_len), device=device)
        spent = 0.0
        for _ in range(repeats):
            t0 = perf_counter()
            with torch.no_grad():
                net.prefill(prompt)  # expect: WP103
            _wait(device)
            spent += perf_counter() - t0
        rows.append((variant, 1000 * spent / repeats))
    return rows
