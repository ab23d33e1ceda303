"""Sets 14/21 class: a warm-up loop whose count is 0 as the program is written (a constant, a parameter's default
that every call keeps, a command-line option's default): it warms nothing, the first timed call is cold."""
import argparse
import time

import torch

WARMUP_STEPS = 0


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
    parser.add_argument("--warmup", type=int, default=0)
    parser.add_argument("--iters", type=int, default=20)
    args = parser.parse_args()
    lin = torch.nn.Linear(512, 512).cuda()
    print(bench_module(lin, torch.randn(64, 512, device="cuda")))  # expect: WP103
    x = torch.randn(1 << 20, device="cuda")
    print(measure(torch.special.erf, x))  # expect: WP103
    conv = torch.nn.Conv2d(3, 8, 3).cuda()
    img = torch.randn(4, 3, 64, 64, device="cuda")
    for _ in range(args.warmup):
        conv(img)
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(args.iters):
        conv(img)  # expect: WP103
    torch.cuda.synchronize()
    print((time.perf_counter() - t) / args.iters)


if __name__ == "__main__":
    main()
