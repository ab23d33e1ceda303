"""WP103, silent near the class of cold_after_scalar_calls_bad.py: the number run of a function that builds its own
GPU tensor (it launches kernels whatever it is handed), and a function tried on a GPU tensor before it is timed."""

import time

import torch


def poly(x):
    return x**3 + 2 * x


def scaled_ones(n):
    return torch.ones(n, device="cuda") * 3.0 + n


x = torch.randn(1 << 20, device="cuda")
print("poly(x)[0] =", poly(x)[0].item())  # one untimed run on the GPU
torch.cuda.synchronize()
t0 = time.perf_counter()
z = poly(x)
torch.cuda.synchronize()
print(f"poly: {time.perf_counter() - t0:.6f} s")

print("scaled_ones(4) =", scaled_ones(4))
t0 = time.perf_counter()
w = scaled_ones(1 << 20)
torch.cuda.synchronize()
print(f"scaled_ones: {time.perf_counter() - t0:.6f} s")

weights = torch.randn(1 << 20, device="cuda")


def scale(v):
    return v * weights + 1.0


print("scale(2.0)[0] =", scale(2.0)[0].item())  # a global GPU tensor: the number run launches the kernels
torch.cuda.synchronize()
t0 = time.perf_counter()
s = scale(x)
torch.cuda.synchronize()
print(f"scale: {time.perf_counter() - t0:.6f} s")
