"""WP103 class (one row per implementation, the first one cold): a loop over a written-out list of implementations
(pairs of a name and a function, or a tuple of functions bound once) times each one and keeps one figure per row,
with nothing run before; the first implementation's row pays CUDA/cuBLAS start-up and is compared with the others."""

import time

import torch
import torch.nn.functional as F


def fused(q, k, v):
    return F.scaled_dot_product_attention(q, k, v)


def naive(q, k, v):
    return torch.softmax(q @ k.transpose(-1, -2) / 8.0, dim=-1) @ v


def bench_attention():
    q = torch.randn(8, 16, 1024, 64, device="cuda", dtype=torch.float16)
    rows = {}
    for name, fn in [("fused", fused), ("naive", naive)]:
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(10):
            fn(q, q, q)  # expect: WP103
        end.record()
        torch.cuda.synchronize()
        rows[name] = start.elapsed_time(end) / 10
    print(rows)


ACTIVATIONS = (torch.tanh, torch.sigmoid, F.silu)


def bench_activations():
    x = torch.randn(1 << 24, device="cuda")
    for act in ACTIVATIONS:
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        act(x)  # expect: WP103
        torch.cuda.synchronize()
        print(act.__name__, time.perf_counter() - t0)


if __name__ == "__main__":
    bench_attention()
    bench_activations()
