"""Near miss of ``cold_runtime_device_root_bad.py``: the entry point runs one untimed prefill of each fresh model
before its timed repeats, so the running total holds only warm samples."""

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
        with torch.no_grad():
            net.prefill(prompt)
        _wait(device)
        spent = 0.0
        for _ in range(repeats):
            t0 = perf_counter()
            with torch.no_grad():
                net.prefill(prompt)
            _wait(device)
            spent += perf_counter() - t0
        rows.append((variant, 1000 * spent / repeats))
    return rows
