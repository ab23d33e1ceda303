"""Samples in the shapes a timing helper hands them back (twenty-first session, meanidioms): a helper returning one
event interval averaged straight from a generator, a host-timed helper averaged from a comprehension, a returned
record's latency field kept per run, and `cupyx.profiler.benchmark` told to take five samples. Only means are
printed. The event helper also synchronizes after every sample of a µs-scale add (WP101)."""
import time

import cupy as cp
import numpy as np
import torch
from cupyx.profiler import benchmark

RUNS = 8
TRIALS = 3


def compare_adds(n=1 << 20):
    a = torch.randn(n, device="cuda")
    b = torch.randn(n, device="cuda")
    out = torch.empty_like(a)

    def one_sample(fn):
        fn()
        torch.cuda.synchronize()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()  # expect: WP101
        return start.elapsed_time(end)

    plain = sum(one_sample(lambda: torch.add(a, b, out=out)) for _ in range(RUNS)) / RUNS  # expect: WP105
    print(f"add: {plain:.4f} ms")


def host_time(model, x):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    model(x)
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def forward_time(model, x):
    mean_s = np.mean([host_time(model, x) for _ in range(TRIALS)])  # expect: WP105
    print(f"forward: {mean_s * 1e3:.2f} ms")


def generate_once(model, batch):
    start = time.perf_counter()
    out = model.generate(batch, max_new_tokens=32)
    torch.cuda.synchronize()
    latency = time.perf_counter() - start
    return {"latency": latency, "tokens": out.numel(), "tok_s": out.numel() / latency}


def sweep(model, batches, runs=4):
    for batch in batches:
        latencies = []
        for _ in range(runs):
            stats = generate_once(model, batch)
            latencies.append(stats["latency"])
        print(len(batch), sum(latencies) / len(latencies))  # expect: WP105


def reduce_time(n, repeats=5):
    x = cp.ones((n,), dtype=cp.float32)
    return benchmark(cp.sum, (x,), n_repeat=repeats).gpu_times.mean()  # expect: WP105


if __name__ == "__main__":
    compare_adds()
    print(reduce_time(1 << 16))
