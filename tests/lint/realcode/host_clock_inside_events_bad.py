"""The near misses of host_clock_inside_events_silent.py (lint34): the host interval is not inside the event pair
(read after the end record, or started before the start record), so nothing says it means the host side (WP102)."""
import time

import torch

x = torch.randn(2048, 2048, device="cuda")
s = torch.cuda.Event(enable_timing=True)
e = torch.cuda.Event(enable_timing=True)
x @ x

t0 = time.time()
s.record()
y = x @ x
e.record()
wall = time.time() - t0  # expect: WP102
torch.cuda.synchronize()
print(wall, s.elapsed_time(e))
