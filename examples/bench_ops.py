"""Bundled benchmark targets for `wprof bench` (each factory allocates its inputs and returns the callable to time).

    wprof bench examples/bench_ops.py:matmul --param n=4096 --param dtype=bfloat16
    wprof bench examples/bench_ops.py:add --param numel=16777216
    wprof bench examples/bench_ops.py:matmul --param n=1024,2048,4096,8192 --param dtype=bf16,fp16 --html mm.html
    wprof bench examples/bench_ops.py:matmul --param n=128,256,512       # a sweep sized for a CPU

Runs on CUDA when present, else on the CPU in fp32 whatever ``dtype`` says (wprof then times with the host clock and
says so). Each factory also declares the work of one call, ``(fn, {"flops": ..., "bytes": ..., "dtype": ...})``,
so wprof reports FLOP/s, bytes/s and the fraction of the device's peak (docs/sweep.md). Bytes are the ideal minimum:
every input read once, every output written once.
"""

import torch


def _device() -> str:
    return "cuda" if torch.cuda.is_available() else "cpu"


_SHORT = {"bf16": "bfloat16", "fp16": "float16", "fp32": "float32"}


def matmul(n: int = 1024, dtype: str = "bfloat16"):
    """torch.mm of two n x n random matrices (random data: zeros can run faster and hide bugs)."""
    dev = _device()
    dt = getattr(torch, _SHORT.get(dtype, dtype)) if dev == "cuda" else torch.float32
    a = torch.randn(n, n, device=dev, dtype=dt)
    b = torch.randn(n, n, device=dev, dtype=dt)
    work = {"flops": 2 * n**3, "bytes": 3 * n * n * a.element_size(), "dtype": str(a.dtype)}
    return (lambda: torch.mm(a, b)), work


def add(numel: int = 1 << 24):
    """Elementwise add of two fp32 vectors of `numel` elements (16 Mi = 64 MB each by default)."""
    dev = _device()
    a = torch.randn(numel, device=dev)
    b = torch.randn(numel, device=dev)
    out = torch.empty_like(a)
    return (lambda: torch.add(a, b, out=out)), {"flops": numel, "bytes": 3 * numel * a.element_size(),
                                                 "dtype": "fp32"}


def softmax(rows: int = 4096, cols: int = 4096):
    """Row softmax of a random fp32 matrix."""
    x = torch.randn(rows, cols, device=_device())
    return (lambda: torch.softmax(x, dim=-1)), {"bytes": 2 * x.numel() * x.element_size()}
