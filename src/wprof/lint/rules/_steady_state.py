"""A per-item timing loop over data (prompts, questions, batches of a loader) whose samples are carried into a figure
the code labels as a steady-state speed (throughput, latency, tokens/s, FPS): the first item's call is the model's
first call, and its start-up lands in that figure.

The warm-up walk leaves a run over a dataset alone by default (a run's wall time, the first batch a small share of
it: ``_carried.accumulated_total``); the code's own labels say when the loop is a benchmark instead. Silent for
training (a ``backward`` in the loop), for samples neither collected nor summed, and for code that names no speed."""

from __future__ import annotations

import ast
import re

from .._context import Context

_SPEED = re.compile(r"(?i)throughput|latency|tokens?\s*/\s*s|tok/s|tokens?[ _]per[ _]s|\bfps\b|samples?\s*/\s*s|"
                    r"per[ _]second|it/s|/sec\b")


def steady_state_over_data(ctx: Context, r) -> bool:
    """Region ``r`` runs once per item of a loop over data, its interval is collected (``times.append(dt)``) or
    summed (``total += dt``), nothing in the loop trains, and its function labels a speed."""
    from ._cold_helpers import _walks_data

    loops = list(getattr(r.scope.stmts[r.lo], "_wp_loops", ()))
    if r.loop is not None and r.loop not in loops:
        loops.append(r.loop)
    data = [lp for lp in loops if getattr(lp, "_wp_scope", None) is r.scope and _walks_data(ctx, lp)]
    if not data:
        return False
    body = [n for lp in data for n in ast.walk(lp)]
    if any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "backward" for n in body):
        return False  # a training loop: a run, not a benchmark
    if not (r.samples is not None or _summed(r, data[-1])):
        return False
    return _labels_speed(r.scope.node)


def _summed(r, loop: ast.stmt) -> bool:
    """The region's interval (or a name bound to it) is added to a running total in the loop (``total += dt``)."""
    first = r.interval if r.interval is not None else (r.scope.stmts[r.hi] if r.hi < len(r.scope.stmts) else None)
    if first is None:
        return False
    names = {t.id for t in getattr(first, "targets", ()) if isinstance(t, ast.Name)}
    for n in ast.walk(loop):
        if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and getattr(n, "lineno", 0) >= first.lineno:
            if any(isinstance(x, ast.Name) and x.id in names for x in ast.walk(n.value)) or (
                    n is first):
                return True
    return isinstance(first, ast.AugAssign) and isinstance(first.op, ast.Add)


def _labels_speed(fn: ast.AST) -> bool:
    """A string of ``fn`` (a message, a format string, a result key) names a speed."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and _SPEED.search(n.value):
            return True
    return False
