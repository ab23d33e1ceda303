"""`CUDA_LAUNCH_BLOCKING=1` set in the module body before CUDA starts: every kernel launch returns when its kernel
is done, so a host clock read right after GPU work covers the work (no WP102). The same setting made inside a
function, after the GPU was used, is not seen as taking effect (see launch_blocking_late.py)."""

import os

os.environ["CUDA_LAUNCH_BLOCKING"] = "1"

import time  # noqa: E402

import torch  # noqa: E402

x = torch.randn(4096, 4096, device="cuda")
x @ x
t0 = time.perf_counter()
y = x @ x
print("ms", (time.perf_counter() - t0) * 1e3)
