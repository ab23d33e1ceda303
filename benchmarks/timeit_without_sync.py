#!/usr/bin/env python3
"""How wrong is `%timeit` / `%time` of GPU work without a synchronize? Measured, not argued (needs CUDA).

    python3 benchmarks/timeit_without_sync.py [--out FILE.md]

What `wprof lint` WP115 (`timeit-magic-on-gpu-work`) and WP102 claim depends on the launch queue: an unsynchronized
host clock around ONE call measures its launch, but around thousands of back-to-back calls the queue fills and every
further launch waits for a free slot, so the host's per-call time tends to the GPU's. IPython's `%timeit` picks its
loop count by trying 1, 10, 100... calls until a try lasts >= 0.2 s of host time, and reports the mean and standard
deviation of 7 runs; `%time` runs once. This script times ops from a µs-scale add to a ms-scale matmul on
the current GPU, each in seven ways, and prints each as a ratio to the op's GPU time per call (CUDA events around 200
back-to-back calls after a warm-up):
  - ``%time`` (one call, host clock, no sync), and one call with a sync (what `%time f(x); torch.cuda.synchronize()`
    gives);
  - ``%timeit`` as IPython runs it without a sync (1, 10, 100... calls until a try lasts 0.2 s, then 7 runs of that
    many, no drain in between): the mean ± standard deviation of the 7, as IPython prints it, and the first run;
  - ``%timeit -n 10 -r 3``, ``-n 100 -r 7`` and ``-n 1000 -r 7`` without a sync (explicit loop counts);
  - ``%timeit f(); torch.cuda.synchronize()`` (a sync in every loop: WP101's case for a µs-scale op).
The queue is drained before each. A second table times a function whose FIRST call is inside the `%timeit`: a
Triton kernel of ours compiled on first use (an empty Triton cache), so IPython's first try lasts >= 0.2 s and it
settles on 1 call per run; without a sync, each of the 7 runs then times one launch. A benchmark, not a test: the ratios are what docs/lint.md cites.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import time
import timeit


def gpu_time_per_call(torch, fn, n: int = 200) -> float:
    for _ in range(10):
        fn()
    torch.cuda.synchronize()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record()
    for _ in range(n):
        fn()
    b.record()
    b.synchronize()
    return a.elapsed_time(b) / 1e3 / n


def one_call(torch, fn, sync: bool) -> float:
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    fn()
    if sync:
        torch.cuda.synchronize()
    return time.perf_counter() - t0


def timeit_like(torch, fn, number: int | None, repeat: int) -> tuple[float, float, float, int]:
    """IPython's %timeit without a sync: (mean per call over the runs, their standard deviation, the first run per
    call, number). With no -n, IPython tries 1, 10, 100... calls until one try lasts >= 0.2 s, then runs ``repeat``
    runs of that many calls; those tries run too, with no sync, so the runs start on the queue they left."""
    torch.cuda.synchronize()
    t = timeit.Timer(fn)  # unsynchronized on purpose: this is what the benchmark measures
    if number is None:
        for index in range(10):
            number = 10 ** index
            if t.timeit(number) >= 0.2:  # noqa: WP102
                break
    runs = [r / number for r in t.repeat(repeat=repeat, number=number)]  # noqa: WP102
    torch.cuda.synchronize()
    return statistics.mean(runs), statistics.stdev(runs), runs[0], number


def cold_rows(torch, x) -> list[str]:
    """An autoranged `%timeit` whose first try holds the function's first call (a Triton compile): the loop count it
    picks, and its mean as a ratio to the warm GPU time per call, without and with a sync in every loop."""
    import os
    import tempfile

    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="wprof-triton-cold-")  # nothing compiled yet
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return ["(no triton: the cold %timeit rows are skipped)"]

    def make_kernel(scale: float, block: int):
        @triton.jit
        def scaled_copy(src, dst, n, k, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            keep = offs < n
            tl.store(dst + offs, tl.load(src + offs, mask=keep) * k, mask=keep)

        out = torch.empty_like(x)
        return lambda: scaled_copy[(triton.cdiv(x.numel(), block),)](x, out, x.numel(), scale, BLOCK=block)

    rows = ["| function, first call inside the `%timeit` | warm GPU time per call | `%timeit` no sync: mean ± std "
            "of 7 (number) | `%timeit f(); torch.cuda.synchronize()` mean (number) |", "|---|---|---|---|"]
    cold, cold_sync = make_kernel(2.0, 1024), make_kernel(3.0, 512)  # two block sizes: each first call compiles
    mean, std, _, number = timeit_like(torch, cold, None, 7)
    mean_s, _, _, number_s = timeit_like(torch, lambda: (cold_sync(), torch.cuda.synchronize()), None, 7)
    g = gpu_time_per_call(torch, cold)
    rows.append(f"| Triton scaled copy, 256M fp32 (compiled on its first call) | {g * 1e6:,.1f} µs | "
                f"{mean / g:.2f} ± {std / g:.2f} ({number:,}) | {mean_s / g:.2f} ({number_s:,}) |")
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="also write the markdown table to this file")
    args = ap.parse_args()
    import torch

    if not torch.cuda.is_available():
        print("no CUDA device: this benchmark measures the GPU's launch queue", file=sys.stderr)
        return 2
    dev = torch.device("cuda")
    x_small = torch.randn(1024, device=dev)
    x_1m = torch.randn(1 << 20, device=dev)
    x_256m = torch.randn(1 << 28, device=dev)
    a_bf = torch.randn(4096, 4096, device=dev, dtype=torch.bfloat16)
    a_big = torch.randn(8192, 8192, device=dev, dtype=torch.bfloat16)

    def gelu_written_out(u):  # a function of eight eager launches: what WP101 must not call one short op
        return 0.5 * u * (1 + torch.tanh(0.7978845608 * (u + 0.044715 * u ** 3)))

    ops = [
        ("add, 1K fp32", lambda: x_small.add(1.0)),
        ("gelu, 1M fp32", lambda: torch.nn.functional.gelu(x_1m)),
        ("tanh GELU written out (8 launches), 1M fp32", lambda: gelu_written_out(x_1m)),
        ("gelu, 256M fp32", lambda: torch.nn.functional.gelu(x_256m)),
        ("matmul 4096^2 bf16", lambda: a_bf @ a_bf),
        ("matmul 8192^2 bf16", lambda: a_big @ a_big),
    ]
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                         capture_output=True, text=True).stdout.strip()
    lines = [f"date {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC; {smi}; torch {torch.__version__}; "
             f"python {platform.python_version()}", "",
             "| op | GPU time per call | `%time` no sync | one call + sync | `%timeit` no sync: mean ± std of 7 (number) "
             "| its first run | `%timeit -n 10 -r 3` no sync | `-n 100 -r 7` | `-n 1000 -r 7` "
             "| `%timeit f(); torch.cuda.synchronize()` mean (number) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for name, fn in ops:
        g = gpu_time_per_call(torch, fn)
        t_nosync = one_call(torch, fn, sync=False)
        t_sync = one_call(torch, fn, sync=True)
        mean, std, first, number = timeit_like(torch, fn, None, 7)
        mean10, _, _, _ = timeit_like(torch, fn, 10, 3)
        mean100, _, _, _ = timeit_like(torch, fn, 100, 7)
        mean1000, _, _, _ = timeit_like(torch, fn, 1000, 7)
        mean_s, _, _, number_s = timeit_like(torch, lambda: (fn(), torch.cuda.synchronize()), None, 7)
        lines.append(f"| {name} | {g * 1e6:,.1f} µs | {t_nosync / g:.2f} | {t_sync / g:.2f} | "
                     f"{mean / g:.2f} ± {std / g:.2f} ({number:,}) | {first / g:.2f} | {mean10 / g:.2f} | {mean100 / g:.2f} | "
                     f"{mean1000 / g:.2f} | "
                     f"{mean_s / g:.2f} ({number_s:,}) |")
        print(lines[-1], flush=True)
    lines += ["", *cold_rows(torch, x_256m)]
    print("\n".join(lines[-4:]), flush=True)
    text = "\n".join(lines)
    print()
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
