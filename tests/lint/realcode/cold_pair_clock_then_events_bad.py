"""Fifteenth session (lint93, set 83): the same call timed once with a host clock, then again with CUDA events,
the two figures compared: two clocks, not a cold-vs-warm pair. The host-clock figure holds the first call's
one-off start: WP103 by default (it was weak)."""

import time
import torch

a = torch.randn(2048, 2048, device="cuda")
b = torch.randn(2048, 2048, device="cuda")

t0 = time.perf_counter()
c = a @ b  # expect: WP103
torch.cuda.synchronize()
wall = time.perf_counter() - t0

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()
c = a @ b
end.record()
torch.cuda.synchronize()
print(f"wall clock {wall * 1000:.3f} ms, events {start.elapsed_time(end):.3f} ms")
