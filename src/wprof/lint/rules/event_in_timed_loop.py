'''WP108 event-in-timed-loop: CUDA events are created inside the timed loop.

## What it does
Checks for `torch.cuda.Event(...)` (and `torch.Event`, `cupy.cuda.Event`) constructed inside a timed region: between
the two readings of a measurement, or in a loop that such a region times. Events created per iteration *outside*
the readings (create, record, work, record) cost the harness a little but do not change the number, and are not
reported.

Reported by default when the event is created in a loop; one event created once between the records is weak,
shown only with `--extend-select extra`.

## Why is this bad?
Creating an event is a driver call (`cudaEventCreate`) and an allocation, repeated every iteration between the
readings you take. The harness then measures itself; for a loop of short kernels the cost is of the same order as
the kernels. Events are reusable: create them once, before the loop.

## Example
```python
t0 = time.perf_counter()
for _ in range(100):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    pairs.append((start, end))
torch.cuda.synchronize()
total = time.perf_counter() - t0
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

from .._context import Context
from .._regions import covered

CODE = "WP108"
NAME = "event-in-timed-loop"
FIX = "none"


def check(ctx: Context) -> None:
    for c in ctx.calls:
        if not ctx.is_event_ctor(c):
            continue
        if covered(ctx, c):
            # strong evidence: the creation repeats (it sits in a loop); one event created between the readings
            # costs one host call, once
            ctx.report(c, f"`{ctx.text(c.func)}` created inside the timed loop",
                       "Create the events once, before the loop", weak=not c._wp_stmt._wp_loops)
