# The same sweep at training-size batches (16384 rows): the largest row is ~6 ms of fp32 GEMM, so the cost model sizes
# the samples long and a synchronize per call is noise next to them.
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
        torch.cuda.synchronize()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


for out_f, in_f in [(2048, 2048), (5632, 2048), (2048, 5632)]:
    w = torch.randn(out_f, in_f, device=DEV) * 0.02
    for b in [4096, 16384]:
        x = torch.randn(b, in_f, device=DEV)
        print(out_f, in_f, b, median_ms(lambda: F.linear(x, w)))
