# F.linear at decode-size batches over a sweep of (out, in) layer shapes, each call timed with a synchronize: the cost
# model reads the sweep row by row (the largest, 128 x 5632 x 2048 fp32, is ~50 µs; the batch-1 rows are a few µs),
# so the samples are short ops and the synchronize round trip is a large part of each.
import statistics
import time

import torch
import torch.nn.functional as F

DEV = "cuda"


def median_ms(fn, runs=30):
    for _ in range(5):
        fn()
    torch.cuda.synchronize()
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()  # expect: WP101
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


for out_f, in_f in [(2048, 2048), (5632, 2048), (2048, 5632)]:
    w = torch.randn(out_f, in_f, device=DEV) * 0.02
    for b in [1, 16, 128]:
        x = torch.randn(b, in_f, device=DEV)
        print(out_f, in_f, b, median_ms(lambda: F.linear(x, w)))
