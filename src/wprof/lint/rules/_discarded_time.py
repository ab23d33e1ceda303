"""A call of a timing helper whose measurement is thrown away (``_, _, ref = run(model, x)``).

The helper returns its time(s) together with its output; the caller binds every time to ``_`` and keeps only the
output (a correctness reference, say). That call is no cold measurement: nothing reads its time, and it warms the
work for the calls that do. Which returned values are times is read from the helper itself: a value computed as a
difference of host clock reads (``time.perf_counter() - t0``) or an event's ``elapsed_time``.
"""
from __future__ import annotations

import ast

from .._context import HOST_CLOCKS, Context


def time_discarded(ctx: Context, node: ast.AST) -> bool:
    """``node`` is a call of a function of this file whose every return is a tuple of the same length as the tuple it
    is assigned to, and every position that holds a time is bound to a name starting with ``_`` at this call."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ctx.functions):
        return False
    stmt = getattr(node, "_wp_stmt", None)
    if not (isinstance(stmt, ast.Assign) and stmt.value is node and len(stmt.targets) == 1 and
            isinstance(stmt.targets[0], ast.Tuple)):
        return False
    targets = stmt.targets[0].elts
    fn = ctx.functions[node.func.id]
    returns = [r.value for r in ast.walk(fn) if isinstance(r, ast.Return) and r.value is not None]
    if not returns or not all(isinstance(v, ast.Tuple) and len(v.elts) == len(targets) for v in returns):
        return False
    timed = _time_names(ctx, fn)
    positions = {i for v in returns for i, e in enumerate(v.elts)  # type: ignore[attr-defined]
                 if (isinstance(e, ast.Name) and e.id in timed) or _is_time(ctx, e, timed)}
    return bool(positions) and all(isinstance(targets[i], ast.Name) and targets[i].id.startswith("_")
                                   for i in positions)


def _time_names(ctx: Context, fn: ast.AST) -> set[str]:
    """Names the helper binds to a measured time (to a fixed point: ``dt = t1 - t0``, ``ms = dt * 1e3``)."""
    clocks = {t.id for n in ast.walk(fn) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and
              ctx.call_name(n.value) in HOST_CLOCKS for t in n.targets if isinstance(t, ast.Name)}
    out: set[str] = set()
    changed = True
    while changed:
        changed = False
        for n in ast.walk(fn):
            if isinstance(n, (ast.Assign, ast.AugAssign)) and _is_time(ctx, n.value, out, clocks):
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                    if isinstance(t, ast.Name) and t.id not in out and t.id not in clocks:
                        out.add(t.id)
                        changed = True
    return out


def _is_time(ctx: Context, e: ast.AST, timed: set[str], clocks: set[str] = frozenset()) -> bool:  # type: ignore
    """``e`` is a clock difference, an ``elapsed_time``, or arithmetic on a known time."""
    for n in ast.walk(e):
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and any(
                (isinstance(s, ast.Call) and ctx.call_name(s) in HOST_CLOCKS) or
                (isinstance(s, ast.Name) and s.id in clocks) for s in (n.left, n.right)):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "elapsed_time":
            return True
        if isinstance(n, ast.Name) and n.id in timed:
            return True
    return False
