"""Sweepcold class, silent side: the same sweeps with a warmup of the same work before the loop, a sweep whose
samples are summarized by a robust statistic (the cold row set aside), host-only work, and an interval printed
as a load ("loaded in ...": the load time, CUDA context included, on purpose)."""

import time

import matplotlib.pyplot as plt
import numpy as np
import torch
from models import load_model


def warmed_curve():
    net = torch.nn.Conv1d(64, 64, 3).to("cuda")
    net(torch.randn(8, 64, 4096, device="cuda"))  # warm-up
    batch_sizes = [8, 16, 32, 64]
    times = []
    for b in batch_sizes:
        x = torch.randn(b, 64, 4096, device="cuda")
        torch.cuda.synchronize()
        tic = time.time()
        net(x)
        torch.cuda.synchronize()
        times.append(time.time() - tic)
    plt.plot(batch_sizes, times)


def repeats_per_setting():
    net = torch.nn.Linear(4096, 4096).to("cuda")
    for b in [256, 512, 1024]:
        x = torch.randn(b, 4096, device="cuda")
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        times = []
        for i in range(50):
            start.record()
            net(x)
            end.record()
            end.synchronize()
            if i > 0:
                times.append(start.elapsed_time(end))
        print(b, np.median(times))


def host_sweep():
    times = []
    for n in [100, 1000, 10000]:
        a = np.random.rand(n)
        tic = time.time()
        a.sort()
        times.append(time.time() - tic)
    print(times)


def warmed_bandwidth():
    sizes = [8192, 16384, 32768]
    w = torch.randn(16, device="cuda")
    w = w * 3
    for size in sizes:
        t = torch.randn(size, size, device="cuda")
        torch.cuda.synchronize()
        start = time.time()
        out = t * 2
        torch.cuda.synchronize()
        elapsed = time.time() - start
        print(f"{size}: {t.nelement() / elapsed:.1f} elem/s")


def main():
    print("loading...")
    t0 = time.perf_counter()
    model = load_model("model.pt", device="cuda")
    dt = time.perf_counter() - t0
    n_layers = len(model.config.layers)
    n_heads = model.config.heads
    print(f"loaded in {dt:.1f}s, {n_layers} layers, {n_heads} heads")


if __name__ == "__main__":
    main()
    warmed_curve()
    repeats_per_setting()
    host_sweep()
    warmed_bandwidth()
