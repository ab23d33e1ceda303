"""Near misses of cold_config_callables_bad.py: every implementation runs once before the rows are timed, and a
loop over implementations that repeats each one and keeps the median."""

import statistics
import time

import torch
import torch.nn.functional as F


def fused(q, k, v):
    return F.scaled_dot_product_attention(q, k, v)


def naive(q, k, v):
    return torch.softmax(q @ k.transpose(-1, -2) / 8.0, dim=-1) @ v


IMPLS = [("fused", fused), ("naive", naive)]


def bench_attention():
    q = torch.randn(8, 16, 1024, 64, device="cuda", dtype=torch.float16)
    for _, fn in IMPLS:
        fn(q, q, q)  # warm-up pass over every implementation
    torch.cuda.synchronize()
    rows = {}
    for name, fn in IMPLS:
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(10):
            fn(q, q, q)
        end.record()
        torch.cuda.synchronize()
        rows[name] = start.elapsed_time(end) / 10
    print(rows)


def bench_medians():
    x = torch.randn(1 << 24, device="cuda")
    for act in (torch.tanh, torch.sigmoid):
        laps = []
        for _ in range(20):
            torch.cuda.synchronize()  # expect-extra: WP101
            t0 = time.perf_counter()
            act(x)
            torch.cuda.synchronize()
            laps.append(time.perf_counter() - t0)
        print(act.__name__, statistics.median(laps))


if __name__ == "__main__":
    bench_attention()
    bench_medians()
