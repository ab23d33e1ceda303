"""Intervals whose own label says they time set-up or a cold start (sets 42, 45, 46, 49): creating the inputs
(`setup_ms`, "Tensor creation took", "Create buffers"), a helper's first call kept as `first_call_ms`. Allocation,
the CUDA context and the first kernel loads are what these numbers are for: no WP103, no WP104."""

import time

import torch

from kernels_impl import rms_norm


def timed_call(x, w):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    y = rms_norm(x, w)
    torch.cuda.synchronize()
    return y, (time.perf_counter() - t0) * 1e3


start = time.time()
a = torch.randn(256, 4096, device="cuda", dtype=torch.bfloat16)
gamma = torch.ones(4096, device="cuda", dtype=torch.bfloat16)
torch.cuda.synchronize()
print(f"Tensor creation took {time.time() - start:.2f}s")

setup_start = time.perf_counter()
lhs = torch.randn(2048, 2048, device="cuda")
rhs = torch.randn(2048, 2048, device="cuda")
torch.cuda.synchronize()
setup_ms = (time.perf_counter() - setup_start) * 1e3

t_alloc = time.perf_counter()
buf = torch.empty(1 << 26, device="cuda")
torch.cuda.synchronize()
dt = time.perf_counter() - t_alloc
print("Create buffers: %.3f ms" % (dt * 1e3))

out, first_ms = timed_call(a, gamma)
print("first_call_ms:", f"{first_ms:.4f}")
steady = sorted(timed_call(a, gamma)[1] for _ in range(100))
print("steady median ms:", steady[len(steady) // 2], "setup ms:", setup_ms)
