"""Set 22 class B (false positive): a check function called first from `__main__` builds the same module class on
the GPU and runs it (forward and backward, read back with `.cpu()`), then the benchmark function builds another
instance and times its first call: the kernels are already loaded, no WP103. Reported: the same benchmark run
before the check (its first call is cold)."""

import time

import torch
from torch.nn import Module

import fastact


class Act(Module):
    def forward(self, x):
        return fastact.forward(x)


class Gate(Module):
    def forward(self, x):
        return fastact.gate(x)


def check():
    x = torch.randn(4).cuda().requires_grad_()
    model = Act().cuda()
    y = model(x)
    y.sum().backward()
    assert y.cpu().shape == (4,)


def bench():
    x = torch.randn(1280, 1280).cuda()
    model = Act().cuda()
    torch.cuda.synchronize()
    start = time.time()
    y = model(x)
    torch.cuda.synchronize()
    print("forward:", time.time() - start)


def check_gate():
    g = Gate().cuda()
    assert g(torch.ones(4).cuda()).cpu().sum() > 0


def bench_gate():
    x = torch.randn(1280, 1280).cuda()
    model = Gate().cuda()
    torch.cuda.synchronize()
    start = time.time()
    y = model(x)  # expect: WP103
    torch.cuda.synchronize()
    print("gate:", time.time() - start)


if __name__ == "__main__":
    check()
    bench()
    bench_gate()
    check_gate()
