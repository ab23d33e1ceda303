"""A harness that runs the same loop under a host timer and, on the GPU, between CUDA events: the host reading is
used only on the CPU path (`if not on_gpu: rate = n / t.elapsed`, a flag parameter or option named for the
device), the GPU path reads the events after a synchronize (silent). A host reading also used on the GPU path
times the launch (WP102)."""

import time

import torch
from contexttimer import Timer


def run(model, x, on_gpu, n=100):
    model(x)
    if on_gpu:
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
    with Timer() as t:
        for _ in range(n):
            model(x)
    if not on_gpu:
        rate = n / t.elapsed
    else:
        end.record()
        torch.cuda.synchronize()
        rate = n / (start.elapsed_time(end) / 1e3)
    return rate


def run_interval(model, x, args, n=100):
    model(x)
    if args.cuda:
        begin = torch.cuda.Event(enable_timing=True)
        finish = torch.cuda.Event(enable_timing=True)
        begin.record()
    t0 = time.perf_counter()
    for _ in range(n):
        model(x)
    wall = time.perf_counter() - t0
    if args.cuda:
        finish.record()
        finish.synchronize()
        return begin.elapsed_time(finish) / 1e3 / n
    return wall / n


def run_both(model, x, use_gpu, n=100):
    model(x)
    t0 = time.perf_counter()
    for _ in range(n):
        model(x)
    wall = time.perf_counter() - t0  # expect: WP102
    if use_gpu:
        print("gpu wall", wall)
    return wall


net = torch.nn.Linear(256, 256).cuda()
inp = torch.randn(32, 256, device="cuda")
print(run(net, inp, True), run_both(net, inp, True))
