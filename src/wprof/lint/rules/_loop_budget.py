"""A host clock that only bounds a loop's duration (WP102 silence; ninth session, after the final measurement).

``while time.time() - t0 < warmup_s: fn()`` or ``if time.time() - t0 > budget: break`` reads the clock to stop a
loop (a warm-up run for a wall-clock budget), not to report an interval: what the loop queued is waited for, or
not, by whatever is measured after it. The reading is a budget when the clock difference is used only in the
loop's test (the ``while`` test, or an ``if`` whose body only leaves the loop) and the loop counts nothing: a loop
that counts its iterations (``n += 1``) within the budget measures a throughput, and stays a timed region. An
element of an array updated in place by a computed value (``h[j] += x[i, j] * h[k]``) is the loop's work, not a
count (set 130: a recurrence stopped once ``ct = time.time() - t0`` passes a limit; ``ct`` is never reported).
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
    if isinstance(parent, ast.Assign) and parent.value is node:
        return _stored_budget(ctx, r, parent)
    if not isinstance(parent, ast.Compare):
        return False
    return _budget_test(ctx, parent)


def _stored_budget(ctx: Context, r, st: ast.Assign) -> bool:
    """``c = time.perf_counter() - s`` whose every read is a loop budget's test (``if c > limit: break``), in the
    same loop: the elapsed time only stops the loop, no figure is made of it (set 86: a sampling loop that stops
    on a wall-clock threshold or on the samples' spread; the samples are timed by a helper of their own)."""
    loop = next((p for p in _ancestors(st) if isinstance(p, (ast.For, ast.AsyncFor, ast.While))), None)
    if loop is None or len(st.targets) != 1 or not isinstance(st.targets[0], ast.Name):
        return False
    name = st.targets[0].id
    fn = next((p for p in _ancestors_all(st) if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module))),
              None)
    if fn is None or {"locals", "vars", "globals"} & ctx.words:
        return False
    loads = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
    stores = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)]
    if not loads or len(stores) != 1:
        return False
    for ld in loads:
        cmp = getattr(ld, "_wp_parent", None)
        if not isinstance(cmp, ast.Compare) or not _budget_test(ctx, cmp, within=loop):
            return False
    return True


def _ancestors_all(node: ast.AST):
    p = getattr(node, "_wp_parent", None)
    while p is not None:
        yield p
        p = getattr(p, "_wp_parent", None)


def _budget_test(ctx: Context, parent: ast.Compare, within: ast.AST | None = None) -> bool:
    """``parent`` (a comparison) is the test of a ``while`` loop, or of an ``if`` that only leaves its loop, and
    that loop counts nothing (``within``: that loop must be this one)."""
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
    if within is not None and loop is not within:
        return False
    return loop is not None and not _counts(ctx, loop)


def _ancestors(node: ast.AST):
    p = getattr(node, "_wp_parent", None)
    while p is not None and not isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
        yield p
        p = getattr(p, "_wp_parent", None)


def _counts(ctx: Context, loop: ast.stmt) -> bool:
    """The loop adds to a name or collects into a container (``n += 1``, ``done += batch``, ``out.append(...)``):
    what it did within the budget is a result, so the budget is the measured interval. Not a collection of
    samples each timed by a timing helper of their own (``t.append(time_function(f))``): those samples are the
    result, whatever the budget."""
    for n in ast.walk(loop):
        if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and not _element_update(n):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("append", "extend") \
                and not (len(n.args) == 1 and _timed_sample(ctx, n.args[0])):
            return True
    return False


def _element_update(n: ast.AugAssign) -> bool:
    """``h[j] += x[i, j] * h[k]``: an element of an array updated by a computed value, the loop's work itself (an
    in-place update), not a count of what the loop did (``n += 1``, ``done += batch``, ``hist[k] += 1``)."""
    return isinstance(n.target, ast.Subscript) and not isinstance(n.value, (ast.Constant, ast.Name, ast.Attribute))


def _timed_sample(ctx: Context, value: ast.AST) -> bool:
    """``value`` is a call of a timing helper of the project (``time_function(f)``: a function that calls one of its
    parameters inside a timed region of its own, defined in the file or in a module it imports)."""
    from .._samples import _timing_helpers

    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return False
    if value.func.id in ctx.functions:
        return value.func.id in _timing_helpers(ctx)
    d = ctx.imported_function(value) if ctx.import_view is not None else None
    return d is not None and d.node.name in _timing_helpers(d.ctx)
