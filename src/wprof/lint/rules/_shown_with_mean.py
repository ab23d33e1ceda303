"""Samples printed under the same test as their mean (precision137, set 143): in a distributed run only the reporting
process prints, so both the per-epoch line and the summary sit under one test that the loop never changes::

    for epoch in range(epochs):
        t0 = time.perf_counter(); train_one_epoch(...); dt = time.perf_counter() - t0
        times.append(dt)
        if is_master:
            print(f"epoch {epoch} time={dt:.1f}s")
    if is_master:
        print(f"avg {sum(times) / len(times):.1f}s")

Whenever the mean is reported, every sample was printed too: the spread is shown (WP105 stays silent). A print under
a test the mean does not share (``if args.verbose:``), or under a test of a name the loop assigns (``if step % 10 ==
0:``), is not such a display."""

from __future__ import annotations

import ast

from .._context import Context


def _tests_above(node: ast.AST, stop: ast.AST | None) -> list[ast.If] | None:
    """The ``if`` statements whose body (not ``else``) holds ``node``, innermost first, up to ``stop`` (excluded);
    None when ``node`` sits in an ``else``, a ``try`` or an ``except`` below ``stop``."""
    out: list[ast.If] = []
    child, parent = node, getattr(node, "_wp_parent", None)
    while parent is not None and parent is not stop:
        if isinstance(parent, ast.If):
            if child in parent.orelse:
                return None
            if child in parent.body:
                out.append(parent)
        elif isinstance(parent, (ast.Try, ast.ExceptHandler)) and stop is not None:
            return None
        child, parent = parent, getattr(parent, "_wp_parent", None)
    return out


def shown_under_mean_test(ctx: Context, appends: list, means: list, shown_uses) -> bool:
    """Every sample is printed in its loop under tests each of which also guards the mean (same test text), and the
    loop assigns none of the names those tests read. ``shown_uses(arg, stmt)``: the uses of the sample that show it
    in its loop."""
    if not means or not appends:
        return False
    mean_tests = _tests_above(means[0], None)
    if not mean_tests:
        return False
    mean_texts = {ctx.text(t.test) for t in mean_tests}
    for arg, stmt in appends:
        loop = stmt._wp_loops[-1] if stmt._wp_loops else None
        if loop is None:
            return False
        assigned = {n.id for st in loop.body for n in ast.walk(st)
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        ok = False
        for u in shown_uses(arg, stmt):
            tests = _tests_above(u._wp_stmt, loop)
            if not tests:
                continue
            if all(ctx.text(t.test) in mean_texts and not any(
                    isinstance(n, ast.Name) and n.id in assigned for n in ast.walk(t.test)) for t in tests):
                ok = True
                break
        if not ok:
            return False
    return True
