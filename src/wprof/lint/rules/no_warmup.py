'''WP103 no-warmup: GPU work is timed on its first call.

## What it does
Checks for timed regions whose GPU work (every callee: a model, an op, a kernel) is not called anywhere before the
region in the same function, when nothing in the function mentions a warmup and no loop condition skips the first
iterations. Per-iteration samples are reported only when they are summarized by their mean.

Reported by default only on strong evidence: the cold call is repeated inside the timed region (or its
per-iteration samples are averaged) and is shown to run on the GPU. A one-off timed call may be start-up timed on
purpose: weak, shown only with `--extend-select extra`.

## Why is this bad?
The first call pays one-off costs: CUDA context and library handle creation, cuBLAS/cuDNN heuristics and autotuning,
lazy module loading, caching-allocator growth, and clocks ramping up from idle. A measurement that includes them
describes start-up, not the steady state you will run.

## Example
```python
a = torch.randn(4096, 4096, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(10):
    torch.mm(a, a)
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 10)
```

## Use instead
```python
a = torch.randn(4096, 4096, device="cuda")
for _ in range(3):  # warmup
    torch.mm(a, a)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(10):
    torch.mm(a, a)
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 10)
```

## Fix safety
No automatic fix: how many warmup calls are needed depends on the work.
'''

from __future__ import annotations

from .._context import Context
from ._common import on_gpu, warmup_findings

CODE = "WP103"
NAME = "no-warmup"
FIX = "none"


def check(ctx: Context) -> None:
    for r, call, key in warmup_findings(ctx, compiled=False):
        what = ctx.text(call) if key == "@" else key
        # strong: a benchmark (the cold call repeated inside the timed region, or per-iteration samples summarized
        # by their mean) of work shown to be on the GPU; a one-off timed call may be start-up timed on purpose
        weak = not ((r.loop is not None or r.in_loop(call)) and on_gpu(ctx, call))
        ctx.report(call, f"`{what}` is timed without a warmup call", "Run it a few times before the timed region",
                   weak=weak)
