"""Set 28 class (false positive): the compiled module's first call is a call of the timing helper itself whose
result is dropped (`_ = bench(model_c, x)  # absorb compile`, timed as "compile+warmup" on purpose), and the later
measurements of the same compiled module are warm: no WP112. Reported: a compiled module whose first measurement is
kept."""

import statistics
import time

import torch


def bench(model, x, n=50):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(n):
        model(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / n


def median_runs(fn, n=3):
    return statistics.median([fn() for _ in range(n)])


def main():
    model = torch.nn.Linear(1024, 1024).cuda().half()
    x = torch.randn(64, 1024, device="cuda", dtype=torch.float16)
    t0 = time.perf_counter()
    model_c = torch.compile(model, mode="default")
    _ = bench(model_c, x)
    torch.cuda.synchronize()
    print(f"compile+load: {time.perf_counter() - t0:.1f}s")
    print("steady", median_runs(lambda: bench(model_c, x)))
    model_ro = torch.compile(model, mode="reduce-overhead")
    first = bench(model_ro, x)  # expect: WP112
    print("reduce-overhead", first)


if __name__ == "__main__":
    main()
