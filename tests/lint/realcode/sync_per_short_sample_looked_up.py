"""WP101 (set 99's class): a per-sample synchronize around a torch op looked up by name (`op = getattr(torch,
name)` for each name of a literal list of elementwise ops), on rows gathered by an index tensor of a size the file
gives: each sample of a µs-scale op measures the launch and the round trip. Silent: the same name bound again to
another library's op (its length is not shown), an op looked up from a list holding a matmul, and a gather of more
rows than a short op's (2^22 picks of 64 columns)."""
import time

import torch
import other_ops

rows, cols, picks = 10000, 64, 50000
x = torch.randn(rows, cols, device="cuda")
y = torch.randn(rows, cols, device="cuda")
left = torch.randint(0, rows, (picks,), device="cuda")
right = torch.randint(0, rows, (picks,), device="cuda")
many = torch.randint(0, rows, (1 << 22,), device="cuda")

for name in ["add", "mul", "maximum"]:
    op = getattr(torch, name)
    op(x[left], y[right])
    total = 0.0
    for _ in range(200):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        out = op(x[left], y[right])
        torch.cuda.synchronize()  # expect: WP101
        total += time.perf_counter() - t0
    print(name, total)

    op = getattr(other_ops, f"fused_{name}")
    op(x, y, left, right)
    total = 0.0
    for _ in range(200):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        out = op(x, y, left, right)
        torch.cuda.synchronize()
        total += time.perf_counter() - t0
    print("fused", name, total)

for name in ("add", "matmul"):
    fn = getattr(torch, name)
    fn(x, y.T)
    samples = []
    for _ in range(200):
        t0 = time.perf_counter()
        fn(x, y.T)
        torch.cuda.synchronize()
        samples.append(time.perf_counter() - t0)
    print(name, min(samples))

for kind in ["sub"]:
    diff = getattr(torch, kind)
    diff(x[many], y[many])
    samples = []
    for _ in range(200):
        t0 = time.perf_counter()
        diff(x[many], y[many])
        torch.cuda.synchronize()  # expect-extra: WP101
        samples.append(time.perf_counter() - t0)
    print(kind, min(samples))
