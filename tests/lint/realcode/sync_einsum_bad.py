"""Sets 50-53 class (set 53): a synchronize in every iteration of a loop timed as a whole around one small
`torch.einsum` (a 100 x 100 contraction, an outer product summed over 100^4 multiply-adds): its multiply-adds are the
product of its subscripts' sizes, µs-scale, so the interval counts N launch-and-synchronize round trips (WP101)."""

import time

import torch

a = torch.rand(100, 100).cuda()
torch.einsum("ij,jk->ik", a, a)
torch.einsum("ij,ik,il->jkl", a, a, a)
torch.cuda.synchronize()

N = 10000
t0 = time.perf_counter()
for _ in range(N):
    z = torch.einsum("ij,jk->ik", a, a)
    torch.cuda.synchronize()  # expect: WP101
print("matmul", (time.perf_counter() - t0) / N)

t0 = time.perf_counter()
for _ in range(100):
    z = torch.einsum("ij,ik,il->jkl", a, a, a)
    torch.cuda.synchronize()  # expect: WP101
print("star", (time.perf_counter() - t0) / 100)
