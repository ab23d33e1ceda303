"""Sets 38/40 class, the bad side: the counter test keeps the first sample (`if i % 2 == 0:`, `if it < iters - 1:`,
`continue` on the last iteration): the cold first call is averaged in."""
import time

import numpy as np
import torch


def time_model(model, x, n=50):
    i = 0
    kept = []
    while i < n:
        t0 = time.perf_counter()
        with torch.no_grad():
            model(x)
        torch.cuda.synchronize()
        if i % 2 == 0:
            kept.append(time.perf_counter() - t0)
        i += 1
    return np.mean(kept)  # expect: WP105


def time_matmul(a, b, iters=20, skip=3):
    total = 0.0
    for it in range(iters):
        torch.cuda.synchronize()  # expect-extra: WP101
        start = time.time()
        torch.matmul(a, b)
        torch.cuda.synchronize()
        if it < iters - 1:
            total += time.time() - start
    return total / (iters - skip)


def time_conv(conv, x, reps=10):
    ms = []
    for r in range(reps):
        begin = time.perf_counter()
        conv(x)
        torch.cuda.synchronize()
        took = time.perf_counter() - begin
        if r == reps - 1:
            continue
        ms.append(took * 1e3)
    return sum(ms) / len(ms)  # expect: WP105


net = torch.nn.Linear(256, 256).cuda()
print(time_model(net, torch.randn(64, 256, device="cuda")))  # expect: WP103
a = torch.randn(1024, 1024, device="cuda")
print(time_matmul(a, a))  # expect: WP103
conv = torch.nn.Conv2d(3, 8, 3).cuda()
print(time_conv(conv, torch.randn(8, 3, 64, 64, device="cuda")))  # expect: WP103
