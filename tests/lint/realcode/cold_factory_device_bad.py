"""WP103 class (M2 of set 41, in shapes of our own): the model comes from a factory handed the CUDA device
(a callback, a loader of the file's caller, a builder given ``device=dev``), or its inputs are made with the device
inside ``**kwargs``, and the first timed call is its first call: the first sample (or the only one, with the runs
option defaulting to 1) carries CUDA/cuBLAS start-up."""

import argparse
from time import perf_counter

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=1)
parser.add_argument("--dim", type=int, default=1024)
opts = parser.parse_args()


def profile_model(make):
    device = "cuda" if torch.cuda.is_available() else "cpu"
    model, inputs = make(device)
    spent = 0.0
    for _ in range(500):
        t0 = perf_counter()
        model(*inputs)  # expect: WP103
        spent += perf_counter() - t0
    print("total", spent)


def sweep(build):
    dev = torch.device("cuda")
    layer = build(opts.dim, device=dev)
    spec = {"device": dev, "dtype": torch.float16}
    for tokens in (128, 256, 512):
        x = torch.randn(tokens, opts.dim, **spec)
        total = 0.0
        for _ in range(opts.runs):
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            layer(x)  # expect: WP103
            e.record()
            torch.cuda.synchronize()
            total += s.elapsed_time(e)
        print(tokens, total / opts.runs)
