"""A host clock that only bounds a loop's duration (WP102 silence; ninth session, after the final measurement).

``while time.time() - t0 < warmup_s: fn()`` or ``if time.time() - t0 > budget: break`` reads the clock to stop a
loop (a warm-up run for a wall-clock budget), not to report an interval: what the loop queued is waited for, or
not, by whatever is measured after it. The reading is a budget when the clock difference is used only in the
loop's test (the ``while`` test, or an ``if`` whose body only leaves the loop) and the loop counts nothing: a loop
that counts its iterations (``n += 1``) within the budget measures a throughput, and stays a timed region.
"""

from __future__ import annotations

import ast

from .._context import Context


def loop_budget(ctx: Context, r) -> bool:
    """The region's end reading is the clock of a loop budget (see the module docstring)."""
    node, parent = r.end, getattr(r.end, "_wp_parent", None)
    if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub) and parent.left is node):
        return False
    node, parent = parent, getattr(parent, "_wp_parent", None)
    if not isinstance(parent, ast.Compare):
        return False
    while isinstance(getattr(parent, "_wp_parent", None), (ast.BoolOp, ast.UnaryOp)):
        parent = parent._wp_parent  # type: ignore[attr-defined]
    test_of = getattr(parent, "_wp_parent", None)
    if isinstance(test_of, ast.While) and test_of.test is parent:
        loop = test_of
    elif isinstance(test_of, ast.If) and test_of.test is parent and not test_of.orelse and \
            all(isinstance(st, ast.Break) for st in test_of.body):
        loop = next((p for p in _ancestors(test_of) if isinstance(p, (ast.For, ast.AsyncFor, ast.While))), None)
    else:
        return False
    return loop is not None and not _counts(loop)


def _ancestors(node: ast.AST):
    p = getattr(node, "_wp_parent", None)
    while p is not None and not isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
        yield p
        p = getattr(p, "_wp_parent", None)


def _counts(loop: ast.stmt) -> bool:
    """The loop adds to a name or collects into a container (``n += 1``, ``done += batch``, ``out.append(...)``):
    what it did within the budget is a result, so the budget is the measured interval."""
    for n in ast.walk(loop):
        if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("append", "extend"):
            return True
    return False
