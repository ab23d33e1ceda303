"""WP116: a periodic test that no iteration of a capped loop meets (twentieth session, reported).

``MAX_STEPS = 30``; in the loop ``if MAX_STEPS and global_step >= MAX_STEPS: break``, then ``global_step += 1``,
then ``if global_step % 500 == 0: torch.save(...)``: at the test the counter is at least 1 and at most 30, so the
save every 500 steps never runs (set 125). A period longer than the loop's constant bound is no periodic work.
Shown only from facts the file writes out: the counter is a name set only to non-negative integer constants
outside the loop and added 1 to (once, unconditionally, in the loop's own body); the cap is a ``break`` under a
test of the counter against an integer constant (``>=``/``>``, joined by ``and`` only with constants that are
true) placed before the increment; or the loop is ``for i in range(N)`` with constant bounds. The test is
``counter % P == 0`` (or ``(counter + k) % P == 0``) with a constant period ``P`` larger than every value the
counter can take there, and not 0. A cap or period the file does not give, or a counter also set elsewhere, keeps
the work periodic.
"""
from __future__ import annotations

import ast

_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def never_due(ctx, test: ast.AST, st: ast.stmt) -> bool:
    """Test ``test`` (guarding statement ``st``) is a conjunction one of whose parts ``counter % P == 0`` holds
    at no iteration of the loop around ``st`` (see the module docstring)."""
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    return any(_never(ctx, p, st) for p in parts)


def _int(ctx, e: ast.AST) -> int | None:
    if isinstance(e, ast.Constant) and type(e.value) is int:
        return e.value
    if isinstance(e, ast.Name):
        vals = ctx.assigns.get(e.id, [])
        if len(vals) == 1 and isinstance(vals[0], ast.Constant) and type(vals[0].value) is int:
            return vals[0].value
    return None


def _never(ctx, part: ast.AST, st: ast.stmt) -> bool:
    if not (isinstance(part, ast.Compare) and len(part.ops) == 1 and isinstance(part.ops[0], ast.Eq) and
            isinstance(part.left, ast.BinOp) and isinstance(part.left.op, ast.Mod) and
            _int(ctx, part.comparators[0]) == 0):
        return False
    period = _int(ctx, part.left.right)
    counted, k = part.left.left, 0
    if isinstance(counted, ast.BinOp) and isinstance(counted.op, ast.Add) and \
            isinstance(counted.right, ast.Constant) and type(counted.right.value) is int:
        counted, k = counted.left, counted.right.value
    if period is None or period <= 0 or not isinstance(counted, ast.Name):
        return False
    span = _values(ctx, counted.id, st)
    return span is not None and 0 < span[0] + k and span[1] + k < period


def _values(ctx, name: str, st: ast.stmt) -> tuple[int, int] | None:
    """(lowest, highest) value ``name`` can hold at statement ``st``, where the loop around it bounds it."""
    loops = getattr(st, "_wp_loops", ())
    if not loops:
        return None
    loop = loops[-1]
    if isinstance(loop, ast.For) and isinstance(loop.target, ast.Name) and loop.target.id == name and \
            isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name) and \
            loop.iter.func.id == "range" and 1 <= len(loop.iter.args) <= 2 and not loop.iter.keywords:
        bounds = [_int(ctx, a) for a in loop.iter.args]
        if None in bounds:
            return None
        lo, hi = (0, bounds[0]) if len(bounds) == 1 else (bounds[0], bounds[1])
        return (lo, hi - 1) if hi > lo and not _stored_in(loop.body, name) else None
    return _capped_counter(ctx, name, st, loop)


def _stored_in(body: list[ast.stmt], name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
               for s in body for n in ast.walk(s))


def _capped_counter(ctx, name: str, st: ast.stmt, loop: ast.stmt) -> tuple[int, int] | None:
    top = st
    while getattr(top, "_wp_parent", None) is not loop:
        top = getattr(top, "_wp_parent", None)
        if top is None or isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module, ast.ClassDef)):
            return None
    if top not in loop.body:
        return None
    at = loop.body.index(top)
    cap = inc = None
    for i, s in enumerate(loop.body[:at]):
        if isinstance(s, ast.AugAssign) and isinstance(s.op, ast.Add) and isinstance(s.target, ast.Name) and \
                s.target.id == name and isinstance(s.value, ast.Constant) and s.value.value == 1 and inc is None:
            inc = i
        elif cap is None and inc is None and isinstance(s, ast.If) and not s.orelse and \
                len(s.body) == 1 and isinstance(s.body[0], ast.Break):
            cap = _cap(ctx, s.test, name)
    if cap is None or inc is None:
        return None
    fn = next((p for p in _up(loop) if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module))), None)
    if fn is None:
        return None
    starts: list[int] = []
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load):
            p = getattr(n, "_wp_parent", None)
            if n is loop.body[inc].target:  # type: ignore[attr-defined]
                continue
            if isinstance(p, ast.Assign) and len(p.targets) == 1 and p.targets[0] is n and \
                    isinstance(p.value, ast.Constant) and type(p.value.value) is int and p.value.value >= 0 and \
                    loop not in getattr(p, "_wp_loops", ()) and p is not loop:
                starts.append(p.value.value)
                continue
            return None  # set otherwise (a loop target, a computed value, a second increment)
    for n in ast.walk(fn):
        if isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names:
            return None
    if not starts:
        return None
    return min(starts) + 1, cap


def _cap(ctx, test: ast.AST, name: str) -> int | None:
    """``counter >= N`` (or ``> N``), alone or joined by ``and`` with constants that are true: the highest value
    the counter has when the test lets the iteration go on."""
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    cap = None
    for p in parts:
        if isinstance(p, ast.Compare) and len(p.ops) == 1 and isinstance(p.left, ast.Name) and p.left.id == name \
                and isinstance(p.ops[0], (ast.GtE, ast.Gt)) and (n := _int(ctx, p.comparators[0])) is not None:
            cap = n - 1 if isinstance(p.ops[0], ast.GtE) else n
            continue
        if _int(ctx, p) is None or not _int(ctx, p):
            return None  # (a condition that may be false: the break may not run)
    return None if cap is None else cap + 1  # (after the increment)


def _up(node: ast.AST):
    p = getattr(node, "_wp_parent", None)
    while p is not None:
        yield p
        p = getattr(p, "_wp_parent", None)
