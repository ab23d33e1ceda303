"""In-place arithmetic on a GPU tensor (`acc += acc`, `w *= 0.5`) launches a kernel and returns at once, as
`acc.add_(acc)` does: a host clock read after such a loop without a synchronize measures the launches. The same
loop on a CPU tensor, a host counter (`n += 1`) and a length (`total += len(sizes)`) are host
work."""

import time

import torch

acc = torch.ones(2048, 2048).cuda()
t0 = time.perf_counter()
for _ in range(100):
    acc += acc
print("gpu", time.perf_counter() - t0)  # expect: WP102

w = torch.rand(1024, device="cuda")
t1 = time.perf_counter()
for _ in range(100):
    w *= 0.5
print("scale", time.perf_counter() - t1)  # expect: WP102

h = torch.ones(2048, 2048)
t2 = time.perf_counter()
for _ in range(100):
    h += h
print("cpu", time.perf_counter() - t2)

sizes = [3, 5, 8]
total = 0.0
n = 0
t3 = time.perf_counter()
for _ in range(100):
    total += len(sizes)
    n += 1
print("host", time.perf_counter() - t3, total / n)

g = torch.ones(2048, 2048).cuda()
torch.cuda.synchronize()
t4 = time.perf_counter()
for _ in range(100):
    g += g
torch.cuda.synchronize()
print("synced", time.perf_counter() - t4)
