"""Sets 50-53 class, silent near-misses: a synchronize every iteration around an einsum whose multiply-adds make it
long (a 2048^3 contraction: hundreds of µs), one whose equation broadcasts (`...`: its sizes are not read), and one
on operands whose shapes the file does not give."""

import sys
import time

import torch

big = torch.rand(2048, 2048, device="cuda")
small = torch.rand(8, 100, 100, device="cuda")
given = torch.load(sys.argv[1]).cuda()
torch.einsum("ij,jk->ik", big, big)
torch.cuda.synchronize()

t0 = time.perf_counter()
for _ in range(100):
    z = torch.einsum("ij,jk->ik", big, big)
    torch.cuda.synchronize()
print("big", (time.perf_counter() - t0) / 100)

t0 = time.perf_counter()
for _ in range(100):
    z = torch.einsum("...ij,...jk->...ik", small, small)
    torch.cuda.synchronize()
print("batched", (time.perf_counter() - t0) / 100)

t0 = time.perf_counter()
for _ in range(100):
    z = torch.einsum("ij,jk->ik", given, given)
    torch.cuda.synchronize()
print("given", (time.perf_counter() - t0) / 100)
