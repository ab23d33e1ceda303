"""Fifteenth session (lint93, set 83): a cold call timed with a wait, then the same call timed without one (the
synchronous time set against the launch-only "asynchronous" one). The later timing measures another thing, not
the same work warm: this is no deliberate cold-vs-warm pair, and the first figure's cold start (cuBLAS set-up,
the kernel's first load) is a mistake in the comparison: WP103 by default (it was weak). The launch-only reading
is WP102's."""

import time
import torch

a = torch.randn(2048, 2048, device="cuda")
b = torch.randn(2048, 2048, device="cuda")

t0 = time.perf_counter()
c = a @ b  # expect: WP103
torch.cuda.synchronize()
waited = time.perf_counter() - t0

t0 = time.perf_counter()
c = a @ b
queued = time.perf_counter() - t0  # expect: WP102
print(f"synchronous {waited:.4f} s, asynchronous (launch only) {queued:.4f} s")
