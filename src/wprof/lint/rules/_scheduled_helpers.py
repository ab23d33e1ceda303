"""WP116: a helper of the project that runs evaluation, a checkpoint save or sampling on its own schedule.

The rule's sites are work under a periodic test of the loop (``if step % eval_every == 0: evaluate()``). A helper
called on every step (or at every episode end) can hold that test itself: ``stats.plot_gap(writer, step)`` of a
class in another module of the repository whose body runs ``if step - self._last_eval > 10000:
self.eval_deterministic(); self._last_eval = step``. Its call is then periodic work of the loop though no test of
the loop says so.

A helper's branch is on its own schedule when its test is periodic as the rule sees it (a modulo, a clock
reading) or when the branch rewrites state its own test reads (``self._last_eval = step`` under
``step - self._last_eval > n``: the last run's marker). The helper is a function of the file, a function imported
from the project, or a method of a class (of the file or of the project) the call's receiver is built from; a
branch that only logs is not work.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._gpu_work import class_method


def _helper(ctx: Context, call: ast.Call):
    """(context, def) of the function or method ``call`` runs, when the project (or the file) defines it."""
    found = ctx.callee_def(call)
    if found is not None:
        return found
    d = ctx.imported_method(call)
    if d is not None:
        return d.ctx, d.node
    f = call.func  # `stats.plot_gap(...)` with `stats = GapStats(...)` of a class of this file
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
        values = ctx.assigns.get(f.value.id, [])
        names = {v.func.id for v in values if isinstance(v, ast.Call) and isinstance(v.func, ast.Name)}
        if values and len(names) == 1 and len(values) == sum(isinstance(v, ast.Call) for v in values) and \
                (cls := ctx.classes.get(next(iter(names)))) is not None:
            m = class_method(ctx, cls, f.attr)
            if m is not None:
                return ctx, m
    return None


def _self_scheduled(test: ast.AST, body: list[ast.stmt]) -> bool:
    """The branch rewrites a name or attribute its test reads (``self._last_eval = step`` under ``step -
    self._last_eval > n``)."""
    read = {dotted(n) for n in ast.walk(test) if isinstance(n, (ast.Name, ast.Attribute))} - {None}
    for st in body:
        for n in ast.walk(st):
            if isinstance(n, (ast.Assign, ast.AugAssign)):
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                if any(dotted(t) in read for t in targets):
                    return True
    return False


def scheduled_work(ctx: Context, call: ast.Call, work_kind, periodic) -> str | None:
    """The kind of work (``work_kind``'s answer in the helper's module) that the helper ``call`` runs under a test
    of its own schedule (``periodic(hctx, test)``, or a branch that rewrites what its test reads); None otherwise."""
    found = _helper(ctx, call)
    if found is None:
        return None
    hctx, fn = found
    cache = ctx.__dict__.setdefault("_wp116_scheduled", {})
    if id(fn) in cache:
        return cache[id(fn)]
    cache[id(fn)] = None
    for node in ast.walk(fn):
        if not isinstance(node, ast.If):
            continue
        if not (_self_scheduled(node.test, node.body) or periodic(hctx, node.test)):
            continue
        for st in node.body:
            for n in ast.walk(st):
                if isinstance(n, ast.Call) and (k := work_kind(hctx, n, 1)) is not None:
                    cache[id(fn)] = k
                    return k
    return None
