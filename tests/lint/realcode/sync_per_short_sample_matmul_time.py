"""A matmul is short by its time on the reference GPU, not only by a count of multiply-adds (WP101): a 1024^3 fp32
`torch.mm` (about 35 µs on an H200) timed per sample with a synchronize, and a decode-size bf16 GEMM (8 rows times a
5120 x 5120 weight: memory-bound, ~15 µs) event-timed with a synchronize after each sample. Silent: a 2048^3 fp32
matmul (~0.3 ms) and a 4096^3 fp16 one (~0.35 ms), where the round trip is a few percent. Weight shapes unpacked
in pairs from one list are read pair by pair (decode-size rows: reported; prefill-size rows: silent)."""
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

# weight shapes unpacked in pairs: each (k, n) pair is read together (4096 x 11008 bf16, ~26 µs for 4 rows), not
# each dimension at its largest (11008 x 11008 would be ~70 µs)
for k, n in [(4096, 11008), (11008, 4096)]:
    wt = torch.randn(k, n, device=dev, dtype=torch.bfloat16)
    for rows in (1, 4):
        xin = torch.randn(rows, k, device=dev, dtype=torch.bfloat16)
        for _ in range(5):
            xin @ wt
        e0 = torch.cuda.Event(enable_timing=True)
        e1 = torch.cuda.Event(enable_timing=True)
        gemv = []
        for _ in range(100):
            e0.record()
            xin @ wt
            e1.record()
            e1.synchronize()  # expect: WP101
            gemv.append(e0.elapsed_time(e1))
        print(k, n, rows, statistics.median(gemv))

# the same pairs at prefill sizes (up to 2048 rows: ~0.5 ms a sample): silent
for k2, n2 in [(4096, 11008), (11008, 4096)]:
    wt2 = torch.randn(k2, n2, device=dev, dtype=torch.bfloat16)
    for rows2 in (512, 2048):
        xin2 = torch.randn(rows2, k2, device=dev, dtype=torch.bfloat16)
        for _ in range(5):
            xin2 @ wt2
        f0 = torch.cuda.Event(enable_timing=True)
        f1 = torch.cuda.Event(enable_timing=True)
        prefill = []
        for _ in range(100):
            f0.record()
            xin2 @ wt2
            f1.record()
            f1.synchronize()
            prefill.append(f0.elapsed_time(f1))
        print(k2, n2, rows2, statistics.median(prefill))
