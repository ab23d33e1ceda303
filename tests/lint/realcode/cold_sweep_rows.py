"""Set 22 class M1: one timed call per configuration in a loop over configurations (a list, not a `range` of
repeats), each row printed, no warmup anywhere: the first configuration's row is the op's first call ever (WP103).
Silent: the same sweep after a warmup call, and a repeat loop summarized by its median.
The same in a pytest test whose `device` fixture is shown to be the GPU by `torch.cuda.synchronize(device)`.
Set 17 class (gmgu): a "loop" of ITER = 1 iteration is one sample, the op's first call (WP103;
not WP101: a loop that runs once synchronizes no sample but its only one)."""

import statistics
import time

import torch

import resample

SIZES = [(64, 3, 256, 256), (16, 1, 64, 64)]
ITER = 1


def sweep():
    for shape in SIZES:
        x = torch.rand(shape, device="cuda")
        torch.cuda.synchronize()
        t = time.perf_counter()
        y = resample.rotate(x, 30.0)  # expect: WP103
        torch.cuda.synchronize()
        print(f"shape={shape}: {time.perf_counter() - t:.4f} s")


def sweep_warm():
    resample.shear(torch.rand(SIZES[0], device="cuda"), 0.1)
    for shape in SIZES:
        x = torch.rand(shape, device="cuda")
        torch.cuda.synchronize()
        t = time.perf_counter()
        y = resample.shear(x, 0.1)
        torch.cuda.synchronize()
        print(f"shape={shape}: {time.perf_counter() - t:.4f} s")


def repeats(n=50):
    x = torch.rand(SIZES[0], device="cuda")
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    for i in range(n):
        starts[i].record()
        resample.flip(x)
        ends[i].record()
    torch.cuda.synchronize()
    print(statistics.median([s.elapsed_time(e) for s, e in zip(starts, ends)]))


def test_rotate_speed(device):
    for shape in SIZES:
        x = torch.rand(shape).to(device)
        torch.cuda.synchronize(device)
        t = time.perf_counter()
        y = resample.zoom(x, 2.0)  # expect: WP103
        torch.cuda.synchronize(device)
        print(f"shape={shape}: {time.perf_counter() - t:.4f} s")


def mm(a, b):
    return torch.mm(a, b)


def one_iteration():
    total = 0.0
    for _ in range(ITER):
        a = torch.randn(32, 32).to("cuda")
        b = torch.randn(32, 32).to("cuda")
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        c = mm(a, b)  # expect: WP103
        end.record()
        torch.cuda.synchronize()
        total += start.elapsed_time(end)
    print(f"mm: {total / 1000:.4f} s")


if __name__ == "__main__":
    sweep()
    sweep_warm()
    repeats()
    one_iteration()
