"""Sizes from the command line's defaults (WP101): `args.n` with `--n` defaulting to 4096 is what the script
measures when run as written, so a synchronize ending every host-timed sample of one add on 4096 floats is
reported. Silent: the same loop when the default size is 2^26 floats (not a short op)."""
import argparse
import time

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--n", type=int, default=4096)
parser.add_argument("--big-n", dest="big", type=int, default=1 << 26)
parser.add_argument("--iters", type=int, default=100)
args = parser.parse_args()

x = torch.randn(args.n, device="cuda")
y = torch.randn(args.n, device="cuda")
for _ in range(10):
    torch.add(x, y)
times = []
for _ in range(args.iters):
    t0 = time.perf_counter()
    torch.add(x, y)
    torch.cuda.synchronize()  # expect: WP101
    times.append(time.perf_counter() - t0)
print("median", sorted(times)[len(times) // 2])

a = torch.randn(args.big, device="cuda")
b = torch.randn(args.big, device="cuda")
for _ in range(10):
    torch.add(a, b)
big = []
for _ in range(args.iters):
    t0 = time.perf_counter()
    torch.add(a, b)
    torch.cuda.synchronize()
    big.append(time.perf_counter() - t0)
print("median", sorted(big)[len(big) // 2])
