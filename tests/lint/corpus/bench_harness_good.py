"""A careful benchmark harness: warmup, L2 flush outside the timed span, pre-allocated events, robust summary."""
import statistics
import time

import torch


def flush_l2(buf):
    buf.zero_()


def bench(fn, *, warmup=25, reps=100):
    cache = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32, device="cuda")
    for _ in range(warmup):
        fn()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for i in range(reps):
        flush_l2(cache)
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    ms = [s.elapsed_time(e) for s, e in zip(starts, ends)]
    return {"median_ms": statistics.median(ms), "min_ms": min(ms), "max_ms": max(ms),
            "stdev_ms": statistics.stdev(ms), "n": len(ms)}


def wall_time(fn, reps=10):
    """Total wall time of `reps` calls: synchronized at both ends only."""
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps


def load_batches(loader, n):
    """Host time of data loading: a host clock is the right clock here."""
    it = iter(loader)
    data_s = []
    for _ in range(n):
        t0 = time.perf_counter()
        batch = next(it)
        data_s.append(time.perf_counter() - t0)
    return batch, statistics.median(data_s), max(data_s)


if __name__ == "__main__":
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    out = torch.empty(4096, 4096, device="cuda", dtype=torch.bfloat16)
    print(bench(lambda: torch.mm(a, b, out=out)))
    print(wall_time(lambda: torch.mm(a, b, out=out)))
