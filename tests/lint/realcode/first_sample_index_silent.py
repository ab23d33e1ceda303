"""Sets 38/40 class (WP103 false): a timing loop keeps its samples only under a test of the loop counter that the
first iteration fails (`if i != 0:` in a `while` with `i += 1`, `if it >= skip:`, `if r == 0: continue`): the
first run is the warm-up, its time thrown away."""
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
        if i != 0:
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
        if it >= skip:
            total += time.time() - start
    return total / (iters - skip)


def time_conv(conv, x, reps=10):
    ms = []
    for r in range(reps):
        begin = time.perf_counter()
        conv(x)
        torch.cuda.synchronize()
        took = time.perf_counter() - begin
        if r == 0:
            continue
        ms.append(took * 1e3)
    return sum(ms) / len(ms)  # expect: WP105


net = torch.nn.Linear(256, 256).cuda()
print(time_model(net, torch.randn(64, 256, device="cuda")))
a = torch.randn(1024, 1024, device="cuda")
print(time_matmul(a, a))
conv = torch.nn.Conv2d(3, 8, 3).cuda()
print(time_conv(conv, torch.randn(8, 3, 64, 64, device="cuda")))
