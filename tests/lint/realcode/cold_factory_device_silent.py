"""Near misses of cold_factory_device_bad.py: the factory is handed the CPU, the model runs once before the timed
loop, and the runs option defaults to many runs summarized by their minimum."""

import argparse
from time import perf_counter

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=50)
opts = parser.parse_args()


def profile_on_cpu(make):
    device = "cpu"
    model, inputs = make(device)
    spent = 0.0
    for _ in range(500):
        t0 = perf_counter()
        model(*inputs)
        spent += perf_counter() - t0
    print("total", spent)


def profile_warm(make):
    device = "cuda"
    model, inputs = make(device)
    model(*inputs)  # warm-up
    torch.cuda.synchronize()
    spent = 0.0
    for _ in range(500):
        t0 = perf_counter()
        model(*inputs)
        torch.cuda.synchronize()
        spent += perf_counter() - t0
    print("total", spent)


def sweep(build):
    dev = torch.device("cuda")
    layer = build(1024, device=dev)
    spec = {"device": dev, "dtype": torch.float16}
    for tokens in (128, 256, 512):
        x = torch.randn(tokens, 1024, **spec)
        best = float("inf")
        for _ in range(opts.runs):
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            layer(x)
            e.record()
            torch.cuda.synchronize()
            best = min(best, s.elapsed_time(e))
        print(tokens, best)
