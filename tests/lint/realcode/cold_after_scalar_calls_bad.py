"""WP103 class (set 51): a function of the file made only of operators on its parameters is tried on a plain
number first (Python arithmetic on the host), then timed once on a GPU tensor. The number run launched no kernel:
the timed call is the first launch of each of its elementwise kernels."""

import time

import torch


def poly(x):
    return x**3 + 2 * x


def smooth(a, b):
    return (a - b) * (a + b) / 2.0


print("poly(7) =", poly(7), "smooth(3, -1.5) =", smooth(3, -1.5))

x = torch.randn(1 << 20, device="cuda")
y = torch.randn(1 << 20, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
z = poly(x)  # expect: WP103
torch.cuda.synchronize()
print(f"poly: {time.perf_counter() - t0:.6f} s")

t0 = time.perf_counter()
w = smooth(x, y)  # expect: WP103
torch.cuda.synchronize()
print(f"smooth: {time.perf_counter() - t0:.6f} s")
