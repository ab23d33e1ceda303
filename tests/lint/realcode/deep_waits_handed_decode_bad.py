"""The same timing helper handed a decode function whose loop never waits (the next token stays on the device, no
host read): the reading after the helper's loop measures the launches. Reported. And a function two calls deep that
launches a kernel without synchronizing: the clock read after it is not covered. Reported."""
import time

import torch
from numba import cuda


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


@cuda.jit
def _kernel(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * 2


def _matrix(d_a, d_out):
    _kernel[(d_a.size + 127) // 128, 128](d_a, d_out)
    return d_out


def _scaled(d_a, d_out):
    return _matrix(d_a, d_out)


def _shifted(d_a, d_out):
    return _scaled(d_a, d_out)


def _staged(d_a, d_out):
    return _shifted(d_a, d_out)


def run(d_a, d_out):
    return _staged(d_a, d_out)


def time_run(a):
    d_a = cuda.to_device(a)
    d_out = cuda.device_array_like(d_a)
    t0 = time.perf_counter()
    run(d_a, d_out)
    print("gpu", time.perf_counter() - t0)  # expect: WP102


def main(model, ids, a):
    model = model.cuda()
    bench(generate, "sampling", model, ids.cuda(), 256)
    time_run(a)
