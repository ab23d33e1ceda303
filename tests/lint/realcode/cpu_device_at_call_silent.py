"""Set 38 class (WP103 false): the timing helper's `device` parameter shadows a module-level CUDA `device`, and every
call hands a CPU device written at the call (`torch.device("cpu")`, `"cpu"`): CPU work, not a cold GPU call."""
import time

import torch

device = torch.device("cuda:0")


def time_mm(n, device=None):
    a = torch.rand(n, n, device=device)
    b = torch.rand(n, n, device=device)
    t0 = time.time()
    c = torch.mm(a, b)
    return time.time() - t0, c


def time_conv(n, device):
    x = torch.randn(8, 3, n, n).to(device)
    w = torch.randn(4, 3, 3, 3).to(device)
    t0 = time.perf_counter()
    y = torch.nn.functional.conv2d(x, w)
    return time.perf_counter() - t0, y


def time_bmm(n, device="cuda"):
    a = torch.ones(4, n, n, device=device)
    t0 = time.perf_counter()
    c = torch.bmm(a, a)
    return time.perf_counter() - t0, c


cpu_mm, _ = time_mm(512, torch.device("cpu"))
cpu_conv, _ = time_conv(64, "cpu")
cpu_bmm, _ = time_bmm(128, device=torch.device("cpu"))
print(cpu_mm, cpu_conv, cpu_bmm)
