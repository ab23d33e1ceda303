'''WP108 event-in-timed-loop: CUDA events are created inside the timed loop.

## What it does
Checks for `torch.cuda.Event(...)` (and `torch.Event`, `cupy.cuda.Event`) constructed between the two records of
an event pair, on every iteration: in a loop between `start.record()` and `end.record()`, or after the start
record of a pair recorded once per iteration. Events created per iteration *outside* the records they bracket
(create, record, work, record) cost the harness a little but do not change the number, and are not reported.

Opt-in (group `extra`) since sets 14-16: held out, its default findings were right 0 times in 5. Selected by
code (`--extend-select WP108`) it reports only then. Weak, shown only with `--extend-select extra`: events created
per iteration inside a host-clock interval but outside their own records (a since-start timestamp printed beside
each event interval, a wall-clock total around per-sample pairs): on public code these were never a distorted
number (0 of 23 findings true, docs/lint.md). An event created once, outside any loop, is not reported (one host
call, once).

## Why is this bad?
Creating an event is a driver call (`cudaEventCreate`) and an allocation, repeated every iteration between the
records you read. The harness then measures itself; for a loop of short kernels the cost is of the same order as
the kernels. Events are reusable: create them once, before the loop.

## Example
```python
start.record()
for _ in range(100):
    fn()
    mark = torch.cuda.Event(enable_timing=True)
    mark.record()
    marks.append(mark)
end.record()
```

## Use instead
```python
marks = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
start.record()
for i in range(100):
    fn()
    marks[i].record()
end.record()
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
GROUP = "extra"  # opt-in since sets 14-16: held-out default precision 0 of 5 (docs/lint.md)


def check(ctx: Context) -> None:
    for c in ctx.calls:
        if not ctx.is_event_ctor(c):
            continue
        if covered(ctx, c) and c._wp_stmt._wp_loops:  # type: ignore[attr-defined]  # (one event made once: one
            # host call, once; set 19's straight-line `s = Event(...); s.record(); ...` was never a finding worth it)
            # strong evidence: the creation repeats between the two records of one event pair (a loop inside the
            # pair, or a per-iteration pair), so the recorded interval includes it every time. Inside a host-clock
            # interval only (events made per iteration outside their own records, beside a since-start clock), or
            # created once between the records, it costs one host call per sample or once: weak
            strong = any(r.kind == "event" and r.contains(c) and (r.loop is not None or r.in_loop(c))
                         for r in ctx.regions)
            ctx.report(c, f"`{ctx.text(c.func)}` created inside the timed loop",
                       "Create the events once, before the loop", weak=not strong)
