"""The near miss of declared_setup_silent.py: the same intervals labelled as the work's speed ("Norm took",
`norm_ms`): the first call is timed cold and reported; a label further on (a later print about set-up) is not the
interval's own."""

import time

import torch

from kernels_impl import rms_norm

a = torch.randn(256, 4096, device="cuda", dtype=torch.bfloat16)
gamma = torch.ones(4096, device="cuda", dtype=torch.bfloat16)

torch.cuda.synchronize()
start = time.time()
y = rms_norm(a, gamma)  # expect: WP103
torch.cuda.synchronize()
norm_s = time.time() - start
print(f"Norm took {norm_s * 1e3:.3f} ms")
print("setup was done before")

t_mm = time.perf_counter()
lhs = torch.randn(2048, 2048, device="cuda")  # expect: WP104
prod = lhs @ lhs  # expect: WP103
torch.cuda.synchronize()
mm_ms = (time.perf_counter() - t_mm) * 1e3
print(f"matmul {mm_ms:.3f} ms")
