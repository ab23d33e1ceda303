"""A synchronize after every event-timed sample of one short op chosen by a setting (WP101): the sample runs
`x * s + y` or `x + y` by the `--op` option, each a µs-scale elementwise op on vectors whose sizes come from the
option's default, a list built over a range of powers of two (up to 2^22 elements). Silent: the same loop where one
branch is a large matmul (a sample of milliseconds), and where every size is over 2^24 elements (2^25 to 2^28;
since the sixteenth session a sweep that starts small is read size by size: `sync_sweep_small_sizes_bad.py`)."""
import argparse
import statistics

import torch

p = argparse.ArgumentParser()
p.add_argument("--op", default="axpy", choices=["axpy", "add"])
p.add_argument("--sizes", type=int, nargs="+", default=[1 << k for k in range(12, 23)])
p.add_argument("--big", type=int, nargs="+", default=[2 ** k for k in range(25, 29)])
args = p.parse_args()


def run(n, op, reps=200):
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    w = torch.rand(4096, 4096, device="cuda")
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(10):
        z = x * 2.0 + y
        z = x + y
        z = w @ w
    torch.cuda.synchronize()
    out = []
    for _ in range(reps):
        s.record()
        if op == "axpy":
            z = x * 2.0 + y
        else:
            z = x + y
        e.record()
        e.synchronize()  # expect: WP101
        out.append(s.elapsed_time(e))
    big = []
    for _ in range(reps):
        s.record()
        if op == "axpy":
            z = x * 2.0 + y
        else:
            z = w @ w
        e.record()
        e.synchronize()
        big.append(s.elapsed_time(e))
    return out, big


def run_large(n, op, reps=200):
    u = torch.rand(n, device="cuda")
    v = torch.rand(n, device="cuda")
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(10):
        z = u + v
    torch.cuda.synchronize()
    out = []
    for _ in range(reps):
        s.record()
        if op == "axpy":
            z = u * 2.0 + v
        else:
            z = u + v
        e.record()
        e.synchronize()
        out.append(s.elapsed_time(e))
    return out


for n in args.sizes:
    short, long = run(n, args.op)
    print(n, statistics.median(short), min(short), statistics.median(long), min(long))
for m in args.big:
    ts = run_large(m, args.op)
    print(m, statistics.median(ts), min(ts))
