"""Bundled benchmark targets for `wprof bench` (each factory allocates its inputs and returns the callable to time).

    wprof bench examples/bench_ops.py:matmul --param n=4096 --param dtype=bfloat16
    wprof bench examples/bench_ops.py:add --param numel=16777216

Runs on CUDA when present, else on the CPU (wprof then times with the host clock and says so).
"""

import torch


def _device() -> str:
    return "cuda" if torch.cuda.is_available() else "cpu"


def matmul(n: int = 1024, dtype: str = "bfloat16"):
    """torch.mm of two n x n random matrices (random data: zeros can run faster and hide bugs)."""
    dev = _device()
    dt = getattr(torch, dtype) if dev == "cuda" else torch.float32
    a = torch.randn(n, n, device=dev, dtype=dt)
    b = torch.randn(n, n, device=dev, dtype=dt)
    return lambda: torch.mm(a, b)


def add(numel: int = 1 << 24):
    """Elementwise add of two fp32 vectors of `numel` elements (16 Mi = 64 MB each by default)."""
    dev = _device()
    a = torch.randn(numel, device=dev)
    b = torch.randn(numel, device=dev)
    out = torch.empty_like(a)
    return lambda: torch.add(a, b, out=out)


def softmax(rows: int = 4096, cols: int = 4096):
    """Row softmax of a random fp32 matrix."""
    x = torch.randn(rows, cols, device=_device())
    return lambda: torch.softmax(x, dim=-1)
