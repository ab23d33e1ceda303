"""Silent near param_through_wrapper_bad.py: the wrapper is handed the timing function's parameter but never calls it
(it only logs its name), and a wrapper that calls its parameter is handed a host function; neither runs GPU work
between the reads. (The file uses the GPU elsewhere.)"""

import time

import torch

weights = torch.randn(256, 256, device="cuda")


def describe(obj, tag):
    print(tag, type(obj).__name__)


def apply(fn, value):
    return fn(value)


def timed_describe(net, rounds: int):
    t0 = time.perf_counter()
    for _ in range(rounds):
        describe(net, "model")
    return time.perf_counter() - t0


def timed_parse(lines):
    t0 = time.perf_counter()
    out = [apply(int, s) for s in lines]
    return out, time.perf_counter() - t0
