"""A matmul is short by its time on the reference GPU, not only by a count of multiply-adds (WP101): a 1024^3 fp32
`torch.mm` (about 35 µs on an H200) timed per sample with a synchronize, and a decode-size bf16 GEMM (8 rows times a
5120 x 5120 weight: memory-bound, ~15 µs) event-timed with a synchronize after each sample. Silent: a 2048^3 fp32
matmul (~0.3 ms) and a 4096^3 fp16 one (~0.35 ms), where the round trip is a few percent."""
import statistics
import time

import torch

dev = torch.device("cuda")
a = torch.rand((1024, 1024), device=dev, dtype=torch.float32)
b = torch.rand((1024, 1024), device=dev, dtype=torch.float32)
for _ in range(5):
    torch.mm(a, b)
laps = []
for _ in range(50):
    t0 = time.perf_counter()
    torch.mm(a, b)
    torch.cuda.synchronize()  # expect: WP101
    laps.append(time.perf_counter() - t0)
print(statistics.median(laps), min(laps))

weight = torch.randn(5120, 5120, device=dev, dtype=torch.bfloat16)
for m in (1, 2, 4, 8):
    act = torch.randn(m, 5120, device=dev, dtype=torch.bfloat16)
    for _ in range(5):
        torch.matmul(act, weight)
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    ts = []
    for _ in range(100):
        start.record()
        torch.matmul(act, weight)
        stop.record()
        torch.cuda.synchronize()  # expect: WP101
        ts.append(start.elapsed_time(stop))
    print(m, statistics.median(ts))

p = torch.rand((2048, 2048), device=dev)
q = torch.rand((2048, 2048), device=dev)
for _ in range(5):
    torch.mm(p, q)
big_laps = []
for _ in range(50):
    t0 = time.perf_counter()
    torch.mm(p, q)
    torch.cuda.synchronize()
    big_laps.append(time.perf_counter() - t0)
print(statistics.median(big_laps), min(big_laps))

h = torch.randn(4096, 4096, device=dev, dtype=torch.float16)
g = torch.randn(4096, 4096, device=dev, dtype=torch.float16)
for _ in range(5):
    h @ g
half_laps = []
for _ in range(50):
    t0 = time.perf_counter()
    h @ g
    torch.cuda.synchronize()
    half_laps.append(time.perf_counter() - t0)
print(statistics.median(half_laps), min(half_laps))
