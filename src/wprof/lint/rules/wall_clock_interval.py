'''WP106 wall-clock-interval: `time.time()` is used to measure an interval.

## What it does
Checks for subtractions of two `time.time()` (or `time.time_ns()`) readings: one finding per interval (the
subtraction), whatever the number of reads.

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
interval, and in every reading that shares a start or end with it (so no interval is left mixing two clocks). It
is safe when the readings are used only in subtractions with each other; it is marked unsafe when a reading is
also used as a timestamp (logged, stored, compared to another clock), because `perf_counter()` has an undefined
reference point. Readings through `from time import time` are reported without a fix.
'''

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._diagnostic import SAFE, UNSAFE, Edit, Fix

CODE = "WP106"
NAME = "wall-clock-interval"
FIX = "safe"
GROUP = "extra"  # opt-in: not decision-relevant on its own
_WALL = {"time.time": "perf_counter", "time.time_ns": "perf_counter_ns"}


def check(ctx: Context) -> None:
    if "time" not in ctx.source:
        return
    wall_names = {k for k, vs in ctx.assigns.items()
                  if any(isinstance(v, ast.Call) and ctx.call_name(v) in _WALL for v in vs)}

    def is_wall(e: ast.AST) -> bool:
        return (isinstance(e, ast.Call) and ctx.call_name(e) in _WALL) or dotted(e) in wall_names

    sub_operands: set[int] = set()
    intervals: list[tuple[ast.BinOp, list[ast.Call], set[str]]] = []
    for sub in ctx.subtractions:
        if not (is_wall(sub.left) and is_wall(sub.right)):
            continue
        calls: list[ast.Call] = []
        names: set[str] = set()
        for side in (sub.left, sub.right):
            sub_operands.add(id(side))
            if isinstance(side, ast.Call):
                calls.append(side)
            else:
                name = dotted(side)
                names.add(name)  # type: ignore[arg-type]
                calls.extend(_readings(ctx, name, sub))  # type: ignore[arg-type]
        intervals.append((sub, calls, names))
    if not intervals:
        return
    # readings shared by several intervals (`t0` read by two subtractions) form one component: the fix changes all
    # of its readings at once, so no interval is left mixing two clocks
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for _, calls, _ in intervals:
        for c in calls[1:]:
            parent[find(id(c))] = find(id(calls[0]))
    comp_calls: dict[int, dict[int, ast.Call]] = {}
    comp_names: dict[int, set[str]] = {}
    for _, calls, names in intervals:
        root = find(id(calls[0])) if calls else 0
        comp_calls.setdefault(root, {}).update({id(c): c for c in calls})
        comp_names.setdefault(root, set()).update(names)
    fixes: dict[int, Fix | None] = {}  # one Fix object per component, shared by its intervals
    sorted_members: dict[int, list[ast.Call]] = {}
    stamp: dict[str, bool] = {}  # name -> also read as a timestamp somewhere (computed once per name)
    for sub, calls, _ in intervals:
        root = find(id(calls[0])) if calls else 0
        if root not in sorted_members:
            sorted_members[root] = sorted(comp_calls.get(root, {}).values(), key=lambda c: (c.lineno, c.col_offset))
        members = sorted_members[root]
        names = comp_names.get(root, set())
        if root not in fixes:
            fix = None
            if members and all(isinstance(c.func, ast.Attribute) for c in members):
                for n in names:
                    if n not in stamp:
                        stamp[n] = any(id(x) not in sub_operands for x in ctx.loads(n))
                safe = not any(stamp[n] for n in names) and \
                    all(_direct_ok(c, sub_operands, names, ctx) for c in members)
                edits = []
                for c in members:
                    _, _, end_line, end_col = ctx.position(c.func)
                    edits.append(Edit(end_line, end_col - len(c.func.attr), end_line,  # type: ignore[attr-defined]
                                      end_col, _WALL[ctx.call_name(c)]))  # type: ignore[index]
                fix = Fix(tuple(edits), SAFE if safe else UNSAFE)
            fixes[root] = fix
        fix = fixes[root]
        first = members[0] if members else None
        clock = ctx.text(first.func) if first is not None else "time.time"
        new = _WALL.get(ctx.call_name(first) or "", "perf_counter") if first is not None else "perf_counter"
        ctx.report(sub, f"`{clock}()` used to measure an interval", f"Use `time.{new}()`", fix)


def _readings(ctx: Context, name: str, sub: ast.BinOp) -> list[ast.Call]:
    """The wall-clock readings a name operand of ``sub`` holds: its latest assignment before ``sub`` in the same
    scope (a loop's own earlier assignments too), else every assignment (a module-level start read in a function)."""
    stmt = sub._wp_stmt  # type: ignore[attr-defined]
    scope = stmt._wp_scope
    pairs = [(v, st) for v, st in zip(ctx.assigns.get(name, []), ctx.assign_stmts.get(name, []))
             if isinstance(v, ast.Call) and ctx.call_name(v) in _WALL]
    same = [(v, st) for v, st in pairs if st._wp_scope is scope]  # type: ignore[attr-defined]
    if not same:
        return [v for v, _ in pairs]
    before = [(v, st) for v, st in same if st._wp_idx <= stmt._wp_idx]  # type: ignore[attr-defined]
    out = [max(before, key=lambda p: p[1]._wp_idx)[0]] if before else []  # type: ignore[attr-defined]
    loops = set(map(id, stmt._wp_loops))
    out += [v for v, st in same if st._wp_idx > stmt._wp_idx and loops & set(map(id, st._wp_loops))]  # type: ignore
    return out or [v for v, _ in same]


def _direct_ok(call: ast.Call, operands: set[int], names: set[str], ctx: Context) -> bool:
    if id(call) in operands:
        return True
    stmt = call._wp_stmt  # type: ignore[attr-defined]
    return isinstance(stmt, ast.Assign) and stmt.value is call and all(dotted(t) in names for t in stmt.targets)
