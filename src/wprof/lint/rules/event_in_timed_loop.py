'''WP108 event-in-timed-loop: CUDA events are created inside the timed loop.

## What it does
Checks for `torch.cuda.Event(...)` (and `torch.Event`, `cupy.cuda.Event`) constructed inside a loop that records
events or reads a clock, or inside a timed region.

## Why is this bad?
Creating an event is a driver call (`cudaEventCreate`) and an allocation, repeated every iteration between the
readings you take. The harness then measures itself; for a loop of short kernels the cost is of the same order as
the kernels. Events are reusable: create them once, before the loop.

## Example
```python
for _ in range(100):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    pairs.append((start, end))
```

## Use instead
```python
starts = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
ends = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
for i in range(100):
    starts[i].record()
    fn()
    ends[i].record()
```

## Fix safety
No automatic fix.
'''

from __future__ import annotations

import ast

from .._context import Context, stmt_calls

CODE = "WP108"
NAME = "event-in-timed-loop"
FIX = "none"


def _timing_loop(ctx: Context, loop: ast.stmt) -> bool:
    cached = getattr(loop, "_wp_timing", None)
    if cached is None:
        scope = loop._wp_scope  # type: ignore[attr-defined]
        cached = False
        for s in scope.stmts[loop._wp_idx:loop._wp_end + 1]:  # type: ignore[attr-defined]
            if any(ctx.method(c) == "record" or ctx.is_clock(c) for c in stmt_calls(s)):
                cached = True
                break
        loop._wp_timing = cached  # type: ignore[attr-defined]
    return cached


def check(ctx: Context) -> None:
    for c in ctx.calls:
        if not ctx.is_event_ctor(c):
            continue
        stmt = c._wp_stmt  # type: ignore[attr-defined]
        in_loop = any(_timing_loop(ctx, lp) for lp in stmt._wp_loops)
        if in_loop or any(r.contains(c) for r in ctx.regions):
            ctx.report(c, f"`{ctx.text(c.func)}` created inside the timed loop",
                       "Create the events once, before the loop")
