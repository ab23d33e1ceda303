"""Lint36 class (set 36's miss, three shapes of our own): a timing helper's loop whose first iteration is the first
call of a just-in-time compiled kernel, a compiled model, or a fresh model, and whose samples are returned to the
caller that averages them: the compile (or the cold start) is in the mean (WP112, WP103)."""
import statistics
import time

import numpy as np
import torch
from numba import cuda


@cuda.jit
def axpb(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = 3.0 * x[i] + 1.0


def laps_of_kernel(n, reps):
    x = cuda.to_device(np.arange(n, dtype=np.float32))
    out = cuda.device_array_like(x)
    laps = []
    for _ in range(reps):
        begin = time.perf_counter()
        axpb[(n + 127) // 128, 128](x, out)  # expect: WP112
        cuda.synchronize()  # expect: WP101
        laps.append(time.perf_counter() - begin)
    return laps


def laps_of_compiled(net, batch, reps):
    fast = torch.compile(net)
    laps = []
    for _ in range(reps):
        begin = time.perf_counter()
        fast(batch)  # expect: WP112
        torch.cuda.synchronize()
        laps.append(time.perf_counter() - begin)
    return laps


def laps_of_model(batch, reps):
    net = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.GELU()).cuda()
    laps = []
    for _ in range(reps):
        begin = time.perf_counter()
        net(batch)  # expect: WP103
        torch.cuda.synchronize()
        laps.append(time.perf_counter() - begin)
    return laps


kernel_laps = laps_of_kernel(1 << 20, 10)
print("kernel mean {:.6f} s".format(np.mean(kernel_laps)))  # expect: WP105
batch = torch.randn(64, 256, device="cuda")
compiled = laps_of_compiled(torch.nn.Linear(256, 256).cuda(), batch, 10)
print("compiled mean", sum(compiled) / len(compiled))  # expect: WP105
eager = laps_of_model(batch, 10)
print("eager mean", statistics.mean(eager))  # expect: WP105
