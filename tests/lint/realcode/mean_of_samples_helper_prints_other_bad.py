"""A helper that prints only its label (or prints its time only when asked) returns each sample; the caller
reports only their mean: the per-run times are never shown."""
import time

import numpy as np
import torch


def one_pass(model, batch, label, verbose=False):
    torch.cuda.synchronize()
    begin = time.perf_counter()
    model(batch)
    torch.cuda.synchronize()
    took = time.perf_counter() - begin
    print(f"running {label}")
    if verbose:
        print(f"{label}: {took:.4f} s")
    return took


def main(model, batch):
    runs = []
    for k in range(20):
        runs.append(one_pass(model, batch, f"run {k}"))
    print(f"mean pass {np.mean(runs) * 1e3:.2f} ms")  # expect: WP105
