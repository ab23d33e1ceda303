"""Set 38 class, the bad side: the same helpers handed the module-level CUDA `device`: cold GPU calls, unsynced."""
import time

import torch

device = torch.device("cuda:0")


def time_mm(n, device=None):
    a = torch.rand(n, n, device=device)
    b = torch.rand(n, n, device=device)
    t0 = time.time()
    c = torch.mm(a, b)  # expect: WP103
    return time.time() - t0, c  # expect: WP102


def time_conv(n, device):
    x = torch.randn(8, 3, n, n).to(device)
    w = torch.randn(4, 3, 3, 3).to(device)
    t0 = time.perf_counter()
    y = torch.nn.functional.conv2d(x, w)  # expect: WP103
    return time.perf_counter() - t0, y  # expect: WP102


def time_bmm(n, device="cuda"):
    a = torch.ones(4, n, n, device=device)
    t0 = time.perf_counter()
    c = torch.bmm(a, a)  # expect: WP103
    return time.perf_counter() - t0, c  # expect: WP102


cpu_mm, _ = time_mm(512, device)
cpu_conv, _ = time_conv(64, device)
cpu_bmm, _ = time_bmm(128, device=device)
print(cpu_mm, cpu_conv, cpu_bmm)
