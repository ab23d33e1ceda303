"""wprof benchmark template: a PyTorch op.  Run:  python this.py   or   wprof bench this.py:make --param n=4096

Edit make(): allocate the inputs once (not timed), return the zero-argument callable to time.
"""

import torch

import wprof
from wprof.report import render


def make(n: int = 4096, dtype: str = "bfloat16"):
    a = torch.randn(n, n, device="cuda", dtype=getattr(torch, dtype))  # random data: zeros can run faster
    b = torch.randn(n, n, device="cuda", dtype=getattr(torch, dtype))
    return lambda: torch.mm(a, b)


if __name__ == "__main__":
    r = wprof.bench(make(), name="mm")  # defaults: warm L2, stop at ±1% CI of the median or 1 s
    render(r)  # the same summary `wprof bench` prints: median, CI, method, clocks, warnings
    r.save("mm.json")  # compare later: wprof compare mm.json other.json
