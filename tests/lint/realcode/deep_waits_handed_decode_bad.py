"""The same timing helper handed a decode function whose loop never waits (the next token stays on the device, no
host read): the reading after the helper's loop measures the launches. Reported."""
import time

import torch


def generate(model, ids, n):
    for _ in range(n):
        probs = model(ids).softmax(-1)[:, -1]
        ids = torch.cat((ids, torch.multinomial(probs, 1)), dim=1)
    return ids


def bench(fn, label, *args):
    t0 = time.perf_counter()
    for _ in range(10):
        out = fn(*args)
    dt = time.perf_counter() - t0  # expect: WP102
    print(label, dt / 10, len(out[0]))


def main(model, ids, a):
    model = model.cuda()
    bench(generate, "sampling", model, ids.cuda(), 256)
