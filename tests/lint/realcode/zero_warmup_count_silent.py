"""Sets 14/21 class, the silent side: the same warm-up loops with a count above 0 (a constant, an argument at the call,
a command-line option's default): the first timed call is warm."""
import argparse
import time

import torch

WARMUP_STEPS = 3


def bench_module(block, x, reps=10):
    for _ in range(WARMUP_STEPS):
        block(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        block(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps


def measure(op, x, warmup=0, repeats=1):
    for _ in range(warmup):
        op(x)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeats):
        op(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / repeats


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--iters", type=int, default=20)
    args = parser.parse_args()
    lin = torch.nn.Linear(512, 512).cuda()
    print(bench_module(lin, torch.randn(64, 512, device="cuda")))
    x = torch.randn(1 << 20, device="cuda")
    print(measure(torch.special.erf, x, warmup=5))
    conv = torch.nn.Conv2d(3, 8, 3).cuda()
    img = torch.randn(4, 3, 64, 64, device="cuda")
    for _ in range(args.warmup):
        conv(img)
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(args.iters):
        conv(img)
    torch.cuda.synchronize()
    print((time.perf_counter() - t) / args.iters)


if __name__ == "__main__":
    main()
