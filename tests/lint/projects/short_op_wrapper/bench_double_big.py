"""Silent twin of bench_double.py (WP101 through a project module): `ops.double` is a loop-free Triton launch wrapper (read in ops.py), so events
around each call on 2^28 elements with a synchronize after every sample measure the launch latency, not the op.
At 2^28 elements each sample is long: silent."""
import statistics

import torch

from ops import double

x = torch.randn(1 << 28, device="cuda")
for _ in range(10):
    double(x)
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
ms = []
for _ in range(100):
    start.record()
    double(x)
    end.record()
    torch.cuda.synchronize()
    ms.append(start.elapsed_time(end))
print(statistics.median(ms), min(ms))
