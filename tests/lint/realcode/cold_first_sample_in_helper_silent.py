"""Lint36 class, the near misses: the same helpers, but the caller summarizes the returned samples robustly (the
median, the minimum), drops the first one (`laps[1:]`), or the kernel ran once before the loop (silent)."""
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


def laps_of_kernel(n, reps, warm):
    x = cuda.to_device(np.arange(n, dtype=np.float32))
    out = cuda.device_array_like(x)
    if warm:
        axpb[(n + 127) // 128, 128](x, out)
        cuda.synchronize()
    laps = []
    for _ in range(reps):
        begin = time.perf_counter()
        axpb[(n + 127) // 128, 128](x, out)
        cuda.synchronize()  # expect: WP101
        laps.append(time.perf_counter() - begin)
    return laps


def laps_of_compiled(net, batch, reps):
    fast = torch.compile(net)
    laps = []
    for _ in range(reps):
        begin = time.perf_counter()
        fast(batch)
        torch.cuda.synchronize()
        laps.append(time.perf_counter() - begin)
    return laps


kernel_laps = laps_of_kernel(1 << 20, 10, warm=False)
print("kernel median {:.6f} s".format(np.median(kernel_laps)))
compiled = laps_of_compiled(torch.nn.Linear(256, 256).cuda(), torch.randn(64, 256, device="cuda"), 10)
print("compiled mean after the first", statistics.mean(compiled[1:]), "min", min(compiled))
