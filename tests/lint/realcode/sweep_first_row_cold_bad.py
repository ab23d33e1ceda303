"""Sweepcold class (set 84): a sweep over configurations whose first setting is the program's first use of the
timed work, with no warmup anywhere before it. The per-configuration samples are kept as rows: appended to a
list that is drawn or printed whole, or printed as a figure computed from the time (a bandwidth). The first row
holds the one-off start-up (WP103), also when the timed work is an operator on a GPU tensor and a number
(`t * 2`) whose kind never ran before."""

import time

import matplotlib.pyplot as plt
import torch


def throughput_curve():
    net = torch.nn.Conv1d(64, 64, 3).to("cuda")
    batch_sizes = [8, 16, 32, 64]
    times = []
    for b in batch_sizes:
        x = torch.randn(b, 64, 4096, device="cuda")
        torch.cuda.synchronize()
        tic = time.time()
        net.forward(x)  # expect: WP103
        torch.cuda.synchronize()
        times.append(time.time() - tic)
    qps = [b / t for b, t in zip(batch_sizes, times)]
    plt.plot(batch_sizes, qps)


def bandwidth():
    sizes = [8192, 16384, 32768]
    for size in sizes:
        t = torch.randn(size, size, device="cuda")
        torch.cuda.synchronize()
        start = time.time()
        out = t * 2  # expect: WP103
        torch.cuda.synchronize()
        elapsed = time.time() - start
        gbs = 2 * t.nelement() * t.element_size() / elapsed / 1e9
        print(f"{size}: {gbs:.1f} GB/s")


if __name__ == "__main__":
    throughput_curve()
    bandwidth()
