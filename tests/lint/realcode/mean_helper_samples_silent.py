"""Near misses of mean_helper_samples_bad.py: the helper's samples kept and their median and spread printed, a
generator summing a helper's samples as a total (no mean), a returned record printed whole per run, a harness whose
result is printed (its own spread); the one-sample helper synchronizes after each sample, but of a model forward,
not an op shown short (no WP101); a one-sample helper called once per op of a list (one sample each, a sweep)."""
import statistics
import time

import numpy as np
import torch
from cupyx.profiler import benchmark

RUNS = 8


def one_sample(fn):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end)


def compare(model, x):
    samples = [one_sample(lambda: model(x)) for _ in range(RUNS)]
    print(f"median {statistics.median(samples):.3f} ms, min {min(samples):.3f}, max {max(samples):.3f}")
    total = sum(one_sample(lambda: model(x)) for _ in range(RUNS))
    print(f"{total:.1f} ms in all")


def generate_once(model, batch):
    start = time.perf_counter()
    out = model.generate(batch, max_new_tokens=32)
    torch.cuda.synchronize()
    latency = time.perf_counter() - start
    return {"latency": latency, "tokens": out.numel()}


def sweep(model, batches, runs=4):
    for batch in batches:
        for _ in range(runs):
            stats = generate_once(model, batch)
            print(stats)


def reduce_time(fn, x):
    print(benchmark(fn, (x,), n_repeat=5))
    return np.mean([1.0, 2.0])


def sweep_ops():
    x = torch.randn(1 << 16, device="cuda")

    def timed(fn):
        torch.cuda.synchronize()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        return start.elapsed_time(end)

    for op in (torch.relu, torch.sigmoid, torch.tanh):
        print(op.__name__, timed(lambda: op(x)))
