"""WP116: a training call that runs a whole epoch, so the loop around it is an epoch loop.

The rule's every-epoch sites need an *epoch loop*: a loop whose training step lies in a loop nested in it. The
nested loop is often in a function the loop calls once per epoch (twentieth session, sets 108, 114 and 118):

    for epoch in range(epochs):
        train_one_epoch(model, train_loader, optimizer)   # `for x, y in loader: ...; loss.backward(); opt.step()`
        evaluate(model, val_loader)

``train_step(model, data_loader, ...)`` of a course notebook, ``self.__train_epoch(...)`` of a trainer class. The
call is an epoch's training when the function it runs (a function of the file, one imported from the project, a
method of the caller's own class or of a class the receiver is built from) holds a loop whose body trains: a
backward pass or an optimizer's ``step()`` (``opt.step()``, ``scaler.step(opt)``), directly or through a function
of the file one call deep. A function that trains once (a full-batch step with no loop, ``train(epoch)`` of a
graph network) is not: its loop is then a step loop, and the rule's own per-step reading applies.
"""

from __future__ import annotations

import ast

from .._context import Context
from .._gpu_work import class_method, enclosing_class
from ._scheduled_helpers import _helper

_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def _callee(ctx: Context, call: ast.Call):
    """(context, def) of what ``call`` runs: ``_helper``'s answer, or ``self.m(...)`` of the caller's class."""
    found = _helper(ctx, call)
    if found is not None:
        return found
    f = call.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self":
        m = class_method(ctx, enclosing_class(call), f.attr)
        if m is not None:
            return ctx, m
    return None


def _steps(n: ast.AST) -> bool:
    """``n`` is a backward pass or an optimizer's step (``loss.backward()``, ``optimizer.step()``,
    ``scaler.step(opt)``)."""
    if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)):
        return False
    if n.func.attr == "backward":
        return True
    if n.func.attr == "step":
        recv = ast.unparse(n.func.value).lower()
        return "opt" in recv or "scaler" in recv
    return False


def _trains_in_loop(hctx: Context, fn: ast.AST, depth: int) -> bool:
    for loop in ast.walk(fn):
        if not isinstance(loop, _LOOPS):
            continue
        for n in (m for b in loop.body for m in ast.walk(b)):
            if _steps(n):
                return True
            if depth < 1 and isinstance(n, ast.Call) and (inner := _callee(hctx, n)) is not None and \
                    inner[1] is not fn and _trains_once(inner[1]):
                return True  # `for batch in loader: self.train_batch(batch)` with the backward pass in it
    return False


def _trains_once(fn: ast.AST) -> bool:
    return any(_steps(n) for n in ast.walk(fn))


def runs_epoch(ctx: Context, call: ast.Call) -> bool:
    """``call`` runs a function whose body loops over training steps: one epoch's (or one pass's) training."""
    cache = ctx.__dict__.setdefault("_wp116_epoch_calls", {})
    if id(call) not in cache:
        cache[id(call)] = False  # recursion guard
        found = _callee(ctx, call)
        cache[id(call)] = found is not None and _trains_in_loop(found[0], found[1], 0)
    return cache[id(call)]


def epoch_call_stmt(ctx: Context, st: ast.stmt) -> bool:
    """The statement calls a function that runs an epoch's training (``runs_epoch``)."""
    return any(isinstance(n, ast.Call) and runs_epoch(ctx, n) for n in st._wp_nodes)  # type: ignore[attr-defined]


def mark_call_epoch_site(ctx: Context, st: ast.stmt) -> None:
    ctx.__dict__.setdefault("_wp116_call_epoch_sites", set()).add(id(st))


def call_epoch_site(ctx: Context, st: ast.stmt) -> bool:
    """``st`` is every-epoch work of a loop known as an epoch loop only by a called epoch's training: its interval
    is reported only as a training time or a throughput (``training_or_rate``), not as an epoch's wall time."""
    return id(st) in ctx.__dict__.get("_wp116_call_epoch_sites", ())


def _names_from(scope, sub: ast.AST) -> set[str]:
    """Names assigned (or added to) from the interval ``sub`` after its statement in ``scope``, two passes deep."""
    start = sub._wp_stmt._wp_idx  # type: ignore[attr-defined]
    names: set[str] = set()
    for _ in range(2):
        for st in scope.stmts[start:]:
            if isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and st.value is not None and \
                    any(n is sub or isinstance(n, ast.Name) and n.id in names for n in ast.walk(st.value)):
                for t in (st.targets if isinstance(st, ast.Assign) else [st.target]):
                    names |= {e.id for e in ast.walk(t) if isinstance(e, ast.Name)}
    return names


def training_or_rate(scope, sub: ast.AST, label) -> bool:
    """The interval ``sub`` is reported as a training time (``label(stmt)``, the rule's training label) or divides a
    count (``total_iters / total_duration``, ``n / (time.time() - t0)``) in the rest of ``scope``: not only as an
    epoch's or a run's wall time (``print("epoch time", t1 - t0)``, ``(now - start) / epochs``)."""
    names = _names_from(scope, sub)
    start = sub._wp_stmt._wp_idx  # type: ignore[attr-defined]
    for st in scope.stmts[start:]:
        uses = any(n is sub or isinstance(n, ast.Name) and n.id in names for n in st._wp_nodes)  # type: ignore
        if not uses:
            continue
        if label(st):
            return True
        for n in st._wp_nodes:  # type: ignore[attr-defined]
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div) and not isinstance(n.left, ast.Constant) and \
                    any(m is sub or isinstance(m, ast.Name) and m.id in names for m in ast.walk(n.right)):
                return True
    return False
