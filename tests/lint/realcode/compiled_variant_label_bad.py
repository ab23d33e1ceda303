"""Set 77 (compilewarm): `compiled_matmul_time` names the compiled variant whose time is taken (beside the eager
one's), not a compile time measured on purpose: its first call, timed once, compiles (WP112). `compile_s` below
is compile time on purpose."""
import time

import torch


@torch.compile
def compiled_matmul(a, b):
    return torch.matmul(torch.matmul(a, b), a)


a = torch.ones((16, 16), device="cuda")
start_time = time.time()
out = compiled_matmul(a, a)  # expect: WP112
torch.cuda.synchronize()
end_time = time.time()
compiled_matmul_time = end_time - start_time
print(f"compiled_matmul execution time: {compiled_matmul_time:.6f} s")


@torch.compile
def fused(a):
    return torch.relu(a @ a)


t0 = time.time()
fused(a)
torch.cuda.synchronize()
compile_s = time.time() - t0
print(f"compile: {compile_s:.2f} s")
