"""Set 17 class (leideng popcount): a function of the file computing on its tensor argument with operators is
checked and timed on CPU tensors, then timed once on the GPU copy: its earlier CPU runs do not warm the GPU kernels
(WP103). Silent: the GPU copy run once before its timer, directly or
by a check function of the file called first."""

import time

import torch


def popcount(x: torch.Tensor) -> torch.Tensor:
    x = (x & 0x5555) + ((x >> 1) & 0x5555)
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    return x


def parity(x: torch.Tensor) -> torch.Tensor:
    return (x ^ (x >> 1)) & 1


def swap(x: torch.Tensor) -> torch.Tensor:
    return (x << 8) | ((x >> 8) & 0xFF)


def check_swap(x: torch.Tensor) -> None:
    assert swap(swap(x)).equal(x)


if __name__ == "__main__":
    t = torch.randint(-100, 100, (1000,), dtype=torch.int16)
    assert popcount(t).sum() >= 0
    start = time.time()
    popcount(t)
    print(f"cpu: {time.time() - start:.4f} s")
    t = t.to(torch.device("cuda"))
    torch.cuda.synchronize()
    start = time.time()
    popcount(t)  # expect: WP103
    torch.cuda.synchronize()
    print(f"gpu: {time.time() - start:.4f} s")
    parity(t)
    torch.cuda.synchronize()
    start = time.time()
    parity(t)
    torch.cuda.synchronize()
    print(f"gpu parity: {time.time() - start:.4f} s")
    check_swap(t)
    torch.cuda.synchronize()
    start = time.time()
    swap(t)
    torch.cuda.synchronize()
    print(f"gpu swap: {time.time() - start:.4f} s")
