"""Samples read from a timer object after its block (WP105): `with CudaTimer() as t: ...` then
`times.append(t.elapsed)` in every iteration, and only the mean printed. Silent: the same samples reported with
their spread."""
import statistics
import time

import torch


class CudaTimer:
    def __enter__(self):
        torch.cuda.synchronize()
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        torch.cuda.synchronize()
        self.elapsed = time.perf_counter() - self.t0


w = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    w @ w

times = []
for _ in range(30):
    with CudaTimer() as t:
        w @ w
    times.append(t.elapsed)
print("matmul mean", statistics.mean(times))  # expect: WP105

spread = []
for _ in range(30):
    with CudaTimer() as tm:
        w @ w
    spread.append(tm.elapsed)
print("matmul", statistics.median(spread), min(spread), max(spread))
