"""A timing helper handed a decode function as a parameter (`bench(generate, ...)`): `generate` calls `pick`, whose
`.item()` waits for the device every token, so the helper's loop of calls runs at most one token ahead of the device
and the reading misses only the last token's tail (weak, not shown). A second helper is handed a function that
settles two calls deep (`run` -> `_matrix`, which synchronizes and copies to the host): covered, no finding."""
import time

import torch
from numba import cuda


def pick(probs):
    nxt = torch.multinomial(probs, 1)
    if nxt.item() == 0:
        raise RuntimeError("empty")
    return nxt


def generate(model, ids, n):
    while ids.shape[1] < n:
        probs = model(ids).softmax(-1)[:, -1]
        nxt = pick(probs)
        ids = torch.cat((ids, nxt), dim=1)
    return ids


def bench(fn, label, *args):
    t0 = time.perf_counter()
    for _ in range(10):
        out = fn(*args)
    dt = time.perf_counter() - t0
    print(label, dt / 10, len(out[0]))


@cuda.jit
def _kernel(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * 2


def _matrix(d_a, d_out):
    _kernel[(d_a.size + 127) // 128, 128](d_a, d_out)
    cuda.synchronize()
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
    print("gpu", time.perf_counter() - t0)


def main(model, ids, a):
    model = model.cuda()
    bench(generate, "sampling", model, ids.cuda(), 256)
    time_run(a)
