"""Uses of a sample list that guard its mean rather than report anything (WP105's reading of a list's uses).

A list of timing samples is often tested before it is averaged: ``if not times: raise ...``,
``if times:``, ``while len(times) < n``, or averaged with a fallback for the one-sample case,
``np.mean(times[1:]) if len(times) > 1 else times[0]``. None of these shows the reader a sample or the spread: the
test only asks whether samples exist, and the fallback is the mean of one sample. They are neither a mean nor a
report (``neutral``), so a list whose only report is its mean is still a mean-only list.
"""

from __future__ import annotations

import ast
from typing import Callable


def guard_use(node: ast.AST, parent: ast.AST | None, classify: Callable[[ast.AST], str]) -> str | None:
    """``neutral`` for a truth test of the list (``not times``, ``if times:``, ``times and ...`` inside a test) and
    for a one-element fallback beside a mean in a conditional expression; None when the use is not such a guard.
    ``node`` is the list's load (or a subscript of it), ``parent`` its parent, ``classify`` the caller's reading
    of a use (to see that the other branch of a conditional is a mean)."""
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return "neutral"  # `if not times:` / `assert not times`
    if isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.Assert)) and getattr(parent, "test", None) is node:
        return "neutral"  # `if times:`
    if isinstance(parent, ast.BoolOp) and _in_test(parent):
        return "neutral"  # `if disabled or not times:` (the `not` is read above), `if times and ok:`
    if isinstance(parent, ast.IfExp) and node is not parent.test and _one_sample(node):
        other = parent.orelse if node is parent.body else parent.body
        if _mean_branch(other, classify):
            return "neutral"  # `np.mean(times[1:]) if len(times) > 1 else times[0]`
    return None


def _in_test(op: ast.AST) -> bool:
    """``op`` is (inside) the test of an ``if``/``while``/conditional expression/``assert``."""
    node, parent = op, getattr(op, "_wp_parent", None)
    while isinstance(parent, (ast.BoolOp, ast.UnaryOp)):
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.Assert)) and getattr(parent, "test", None) is node


def _one_sample(node: ast.AST) -> bool:
    """``times[0]``, ``times[-1]``: one element picked by a constant index."""
    if not isinstance(node, ast.Subscript):
        return False
    idx = node.slice
    if isinstance(idx, ast.UnaryOp) and isinstance(idx.op, ast.USub):
        idx = idx.operand
    return isinstance(idx, ast.Constant) and isinstance(idx.value, int) and not isinstance(idx.value, bool)


def _mean_branch(other: ast.AST, classify: Callable[[ast.AST], str]) -> bool:
    """The other branch of the conditional is a mean of a sample list (read through the caller's classifier, from
    a name load inside it); a second single element is no mean (`times[0] if first else times[-1]`)."""
    if _one_sample(other):
        return False
    for n in ast.walk(other):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and classify(n) == "mean":
            return True
    return False
