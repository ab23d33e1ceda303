'''WP101 sync-every-iteration: a timed loop synchronizes the device before and after every iteration.

## What it does
Checks for loops that are timed (one sample per iteration, or inside a timed region) and call an explicit device
synchronization (`torch.cuda.synchronize()`, `stream.synchronize()`...) both before the GPU work of each iteration
and after it.

## Why is this bad?
Each synchronization drains the queue: the host stops running ahead of the GPU, every iteration pays the launch
latency of its first kernel, and the GPU idles while the host catches up. The loop you measure is no longer the
loop you run. On an H200 a `synchronize()` costs about 4.5 µs on an idle device and the seed's "sync before and
after" template slowed a launch-bound training loop by about 4% (see BASELINES.md); for a ~2 µs kernel the
per-call host round trip is larger than the kernel. A single synchronize just before the end timer read is correct
and is not reported; one per side of every iteration is the anti-pattern.

## Example
```python
for step in range(100):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    loss = train_step(batch)
    torch.cuda.synchronize()
    times.append(time.perf_counter() - t0)
```

## Use instead
```python
starts = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
ends = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
for step in range(100):
    starts[step].record()
    loss = train_step(batch)
    ends[step].record()
torch.cuda.synchronize()
times = [s.elapsed_time(e) for s, e in zip(starts, ends)]
```

## Fix safety
No automatic fix: moving to events changes how results are read.
'''

from __future__ import annotations

import ast

from .._context import Context, stmt_nodes

CODE = "WP101"
NAME = "sync-every-iteration"
FIX = "none"


def check(ctx: Context) -> None:
    regions = ctx.regions
    for scope in ctx.scopes:
        for loop in scope.stmts:
            if not isinstance(loop, (ast.For, ast.AsyncFor, ast.While)):
                continue
            if not any(r.loop is loop or (r.scope is scope and r.contains(loop)) for r in regions):
                continue
            body = [s for s in scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]  # type: ignore[attr-defined]
                    if s._wp_loops and s._wp_loops[-1] is loop]  # type: ignore[attr-defined]
            work = [s._wp_idx for s in body if ctx.gpu_work_in(stmt_nodes(s))]  # type: ignore[attr-defined]
            if not work:
                continue
            syncs = [(s._wp_idx, c) for s in body for c in _calls(s)  # type: ignore[attr-defined]
                     if ctx.is_sync(c, hidden=False)]
            before = [c for i, c in syncs if i < min(work)]
            after = [c for i, c in syncs if i > max(work)]
            if before and after:
                ctx.report(before[0], f"`{ctx.text(before[0].func)}()` before and after every iteration of a timed "
                           "loop", "Synchronize once after the loop; time iterations with pre-allocated CUDA events")


def _calls(stmt: ast.stmt) -> list[ast.Call]:
    from .._context import stmt_calls

    return stmt_calls(stmt)
