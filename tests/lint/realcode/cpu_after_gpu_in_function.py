"""Set 22 class A: in one function, a GPU comparison first, then a CPU reference built with no device (a factory
without `device=`, or the same name rebound to a CPU tensor) and timed with a host clock. The CPU side is host work
(placement follows the function body in order, through unary minus and chained methods); the GPU side without a
synchronize is still reported."""

import time

import torch


def compare(ext):
    a = torch.randn(1024, 1024).cuda()
    t = time.time()
    b = ext.forward(a)
    print("extension", time.time() - t)  # expect: WP102
    c = torch.randn(1024, 1024).float().requires_grad_()
    t = time.time()
    d = torch.exp(-c) / (1.0 + torch.exp(-c))
    print("reference forward", time.time() - t)
    t = time.time()
    d.sum().backward()
    print("reference backward", time.time() - t)


def rebound():
    x = torch.rand(2048, 2048, device="cuda")
    t0 = time.perf_counter()
    y = torch.tanh(-x)
    print("gpu", time.perf_counter() - t0)  # expect: WP102
    x = torch.rand(2048, 2048)
    t0 = time.perf_counter()
    y = torch.tanh(-x) @ x
    print("cpu", time.perf_counter() - t0)
    return y
