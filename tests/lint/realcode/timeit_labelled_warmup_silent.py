"""A `timeit.timeit` call whose reading is printed as the warm-up (`print("warmup", t)`), on the callable's first
calls: the cold, unsynchronized figure is shown as such, on purpose (no WP102, no WP103). The measurement after it
is reported (WP102: the callable returns without waiting for the matmul)."""
import timeit

import torch

a = torch.randn(4096, 4096, device="cuda")
b = torch.randn(4096, 4096, device="cuda")


def gpu_run():
    c = torch.matmul(a, b)
    return c


# warm up
t = timeit.timeit(gpu_run, number=10)
print("warmup", t)

t = timeit.timeit(gpu_run, number=10)  # expect: WP102
print("run time", t)
