'''WP106 wall-clock-interval: `time.time()` is used to measure an interval.

## What it does
Checks for subtractions of two `time.time()` (or `time.time_ns()`) readings.

## Why is this bad?
`time.time()` is the wall clock: NTP and the administrator can step it backwards or forwards while you measure,
and its resolution is coarse on some platforms (about 16 ms on older Windows). `time.perf_counter()` is monotonic
and has the highest available resolution; it exists for exactly this.

## Example
```python
t0 = time.time()
run()
elapsed = time.time() - t0
```

## Use instead
```python
t0 = time.perf_counter()
run()
elapsed = time.perf_counter() - t0
```

## Fix safety
The fix replaces `time.time` with `time.perf_counter` (`time_ns` with `perf_counter_ns`) in each reading of the
interval. It is safe when the readings are used only in subtractions with each other; it is marked unsafe when a
reading is also used as a timestamp (logged, stored, compared to another clock), because `perf_counter()` has an
undefined reference point. Readings through `from time import time` are reported without a fix.
'''

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._diagnostic import SAFE, UNSAFE, Edit, Fix

CODE = "WP106"
NAME = "wall-clock-interval"
FIX = "safe"
_WALL = {"time.time": "perf_counter", "time.time_ns": "perf_counter_ns"}


def check(ctx: Context) -> None:
    if "time" not in ctx.source:
        return
    wall_names = {k for k, vs in ctx.assigns.items()
                  if any(isinstance(v, ast.Call) and ctx.call_name(v) in _WALL for v in vs)}

    def is_wall(e: ast.AST) -> bool:
        return (isinstance(e, ast.Call) and ctx.call_name(e) in _WALL) or dotted(e) in wall_names

    sub_operands: set[int] = set()
    participants: list[ast.Call] = []
    names: set[str] = set()
    for sub in ctx.subtractions:
        if not (is_wall(sub.left) and is_wall(sub.right)):
            continue
        for side in (sub.left, sub.right):
            sub_operands.add(id(side))
            if isinstance(side, ast.Call):
                participants.append(side)
            else:
                names.add(dotted(side))  # type: ignore[arg-type]
    for n in sorted(names):
        participants.extend(v for v in ctx.assigns[n] if isinstance(v, ast.Call) and ctx.call_name(v) in _WALL)
    if not participants:
        return
    # a name used anywhere else than as an operand of a wall-minus-wall subtraction is a timestamp too
    safe = True
    for node in _loads(ctx, names):
        if id(node) not in sub_operands:
            safe = False
            break
    seen: set[int] = set()
    for call in sorted(participants, key=lambda c: (c.lineno, c.col_offset)):
        if id(call) in seen:
            continue
        seen.add(id(call))
        q = ctx.call_name(call)
        new = _WALL[q]  # type: ignore[index]
        fix = None
        if isinstance(call.func, ast.Attribute):
            line, col, end_line, end_col = ctx.position(call.func)
            fix = Fix((Edit(end_line, end_col - len(call.func.attr), end_line, end_col, new),),
                      SAFE if safe and _direct_ok(call, sub_operands, names, ctx) else UNSAFE)
        ctx.report(call, f"`{ctx.text(call.func)}()` used to measure an interval", f"Use `time.{new}()`", fix)


def _direct_ok(call: ast.Call, operands: set[int], names: set[str], ctx: Context) -> bool:
    if id(call) in operands:
        return True
    stmt = call._wp_stmt  # type: ignore[attr-defined]
    return isinstance(stmt, ast.Assign) and stmt.value is call and all(dotted(t) in names for t in stmt.targets)


def _loads(ctx: Context, names: set[str]) -> list[ast.AST]:
    return [n for name in sorted(names) for n in ctx.loads(name)]
