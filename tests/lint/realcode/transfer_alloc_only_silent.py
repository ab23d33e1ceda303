"""Fifteenth session (lint91, set 77 class), the silent side: a region timed as the transfer holds blocking copies to
the GPU (`.cuda()` of a CPU tensor, `.to(device, dtype=...)` of a tensor a helper of the file builds on the CPU) and
allocations that launch nothing (`torch.empty`, `torch.empty_like`): each copy returns once it is done, and no kernel
is left queued when the clock is read. The same copy timed elsewhere with a synchronize after it says nothing more."""
import time

import torch


def to_tensor(text):
    values = [int(c) for c in text]
    return torch.tensor(values, dtype=torch.int32)


def add(a, b, text):
    bits = to_tensor(text)
    t0 = time.time()
    a_gpu = a.cuda() if not a.is_cuda else a
    b_gpu = b.cuda() if not b.is_cuda else b
    bits = bits.to(device="cuda", dtype=torch.float32)
    out = torch.empty_like(a_gpu)
    t1 = time.time()
    print(f"transfer {t1 - t0:.4f}s")
    torch.add(a_gpu, b_gpu, out=out)
    return out, bits


def scratch(n):
    t0 = time.time()
    buf = torch.empty((n, n), device="cuda", dtype=torch.float32)
    t1 = time.time()
    print(f"allocated in {t1 - t0:.4f}s")
    return buf


if __name__ == "__main__":
    torch.ones(1, device="cuda").sum().item()
    bits = to_tensor("0110")
    t0 = time.time()
    bits = bits.to(device="cuda", dtype=torch.float32)
    torch.cuda.synchronize()
    print(f"copy {time.time() - t0:.4f}s")
    add(torch.rand(4096), torch.rand(4096), "0110")
