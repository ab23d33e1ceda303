"""JIT-compiled work first called inside a timed region, four forms (WP112):
- an `nn.Module` of the file launching an imported Triton kernel, timed once per configuration of a sweep and each
  row printed: the first row holds the compilation (a repeat loop summarized by its median stays silent);
- a Triton layer imported from a `triton_*` module, built anew from the timing function's parameter on every call
  and timed on its single first call (built once outside, and called before, stays silent);
- `model = torch.compile(model)` before a loop of runs whose durations are averaged, first run inside run 0's
  timed region through a function of the file (a first run skipped with `if run == 0: continue` stays silent);
- a compiled model handed to a helper that times it through another helper, samples averaged."""

import statistics
import time

import torch
import triton

from kernels.triton_layers import TritonMixer
from mykernels import scale_kernel


class Scaler(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        scale_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
        return out


def sweep(sizes=(256, 512, 1024)):
    model = Scaler().cuda()
    x = torch.randn(4096, device="cuda")
    for size in sizes:
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(10):
            model(x)  # expect: WP112
        torch.cuda.synchronize()
        ms = (time.perf_counter() - t0) * 100
        print(f"size={size}: {ms:.3f} ms")


def repeats(n=100):
    model = Scaler().cuda()
    x = torch.randn(4096, device="cuda")
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    for i in range(n):
        starts[i].record()
        model(x)
        ends[i].record()
    torch.cuda.synchronize()
    print(statistics.median([s.elapsed_time(e) for s, e in zip(starts, ends)]))


def one_layer(heads):
    layer = TritonMixer(dim=128, heads=heads).cuda()
    x = torch.randn(1, 64, 128, device="cuda")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    layer(x)  # expect: WP112
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def warm_layer(layer, x):
    layer(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    layer(x)
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def train_step(model, opt, x):
    opt.zero_grad()
    model(x).sum().backward()
    opt.step()


def runs(model, x, n_runs, use_compile):
    if use_compile:
        model = torch.compile(model)
    durations = []
    for run in range(n_runs):
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(20):
            train_step(model, opt, x)  # expect: WP112
        torch.cuda.synchronize()
        durations.append(time.perf_counter() - t0)
    print("mean", sum(durations) / len(durations))  # expect: WP105


def runs_skip_first(model, x, n_runs):
    model = torch.compile(model)
    durations = []
    for run in range(n_runs):
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(20):
            train_step(model, opt, x)
        torch.cuda.synchronize()
        if run == 0:
            continue
        durations.append(time.perf_counter() - t0)
    print("mean", sum(durations) / len(durations), "min", min(durations))


def timed(fn):
    start = time.perf_counter()
    out = fn()
    torch.cuda.synchronize()  # expect: WP101
    return out, time.perf_counter() - start


def average(fn, data, n=10):
    times = []
    for _ in range(n):
        _, t = timed(lambda: fn(data))
        times.append(t)
    return sum(times) / len(times)  # expect: WP105


if __name__ == "__main__":
    sweep()
    repeats()
    for h in (1, 2, 4):
        print(h, one_layer(h))
    fixed = TritonMixer(dim=128, heads=4).cuda()
    for _ in range(3):
        print(warm_layer(fixed, torch.randn(1, 64, 128, device="cuda")))
    net = torch.nn.Linear(64, 64).cuda()
    data = torch.randn(32, 64, device="cuda")
    runs(net, data, 5, True)
    runs_skip_first(net, data, 5)
    eager = average(net, data)
    fast = torch.compile(net)
    compiled_avg = average(fast, data)  # expect: WP112
    print(eager, compiled_avg)
