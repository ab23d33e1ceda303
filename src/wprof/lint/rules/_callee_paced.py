"""A timed call whose own last GPU work sits in a loop that waits for the device on every iteration (fresh102).

``total = time.time() - t0`` right after ``generate_text(model, tok, 512, inputs)``, a function of the file or of the
project's modules whose decode loop ends each step with a blocking copy to the GPU (``torch.tensor([[1]],
device=device)`` from host memory, a ``.item()``, a synchronize): every iteration but the last is drained inside the
call, so the end read misses one iteration's tail of many, as a loop of the region itself that waits every iteration
does (``waits_every_iteration``): weak. Followed one call deep, through the function the callee resolves to in the
file's own imports; a loop of fewer than 20 iterations shown in the code stays reported.
"""

from __future__ import annotations

import ast

from .._context import Context
from .._deep_waits import FEW_ITERATIONS as _FEW
from .._walk import stmt_calls


def callee_waits_every_iteration(ctx: Context, r) -> bool:
    from ._host_timer_weak import _last_gpu_stmt

    last = _last_gpu_stmt(ctx, r.stmts())
    if last is None:
        return False
    others = _branches(last, r.scope.stmts[r.lo])
    if others is None:
        return False  # `if step % eval_interval == 0: validate(...)`: the last work runs on some passes only
    for branch in others:  # `if j == 0: ...; generate_text(...)` / `else: ...; generate_text(...)`: each ends so
        o = _last_inner(ctx, branch)
        if o is None or not _paced(ctx, o):
            return False
    return _paced(ctx, last)


def _last_inner(ctx: Context, block: list[ast.stmt]) -> ast.stmt | None:
    """The block's last statement that does GPU work, inside a ``with`` or a loop (its last pass ends with it)."""
    from ._host_timer_weak import _last_gpu_stmt

    for st in reversed(block):
        if isinstance(st, (ast.With, ast.AsyncWith)) or \
                isinstance(st, (ast.For, ast.AsyncFor, ast.While)) and not st.orelse:
            inner = _last_inner(ctx, st.body)
            if inner is not None:
                return inner
        if _last_gpu_stmt(ctx, [st]) is not None:
            return st
    return None


def _paced(ctx: Context, last: ast.stmt) -> bool:
    """``last`` is one call (its other GPU work only its arguments: its callee's loop is the region's last GPU work)
    of a function whose own last GPU work is a loop that waits on every pass (:func:`_paced_call`), or whose every
    callee, followed to any depth (methods, callables handed as parameters), leaves at most one such pass pending
    (:mod:`.._deep_waits`)."""
    from .._deep_waits import PACED, SETTLED, call_summary

    if isinstance(last, (ast.For, ast.AsyncFor, ast.While, ast.If, ast.With, ast.Try)):
        return False
    calls = [c for c in stmt_calls(last) if ctx.is_gpu_work(c)]
    outer = [c for c in calls if all(d is c or any(d is n for n in ast.walk(c)) for d in calls)]
    return len(outer) == 1 and (_paced_call(ctx, outer[0]) or call_summary(ctx, outer[0]) in (PACED, SETTLED))


def _paced_call(ctx: Context, call: ast.Call) -> bool:
    """``call`` is of a function whose own last GPU work is a loop that waits for the device on every iteration, of
    20 iterations or more as far as the code shows."""
    got = ctx.callee_def(call)
    if got is None:
        return False
    dctx, fn = got
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    loop = None
    for st in fn.body:
        if _has_work(dctx, st):
            loop = st  # the function's last top-level statement that does GPU work
    if not isinstance(loop, (ast.For, ast.While)) or not _long(loop):
        return False
    from ._host_timer_weak import _steps

    try:
        steps = _steps(ctx, fn, call)  # (counts through the call's arguments: `train(device, 1, 3)`)
    except Exception:  # (a callee of another module: names of its own context)
        steps = None
    if steps is not None and steps < _FEW:
        return False
    return _waits(dctx, loop.body)


def _branches(last: ast.stmt, first: ast.stmt) -> list[list[ast.stmt]] | None:
    """Between ``last`` and the block of the region's first statement: ``with`` and loops (the last pass ends with
    it) and ``if``s with an ``else`` (the other branches' statements, to be checked too); None for an ``if`` without
    one, a ``try`` or a ``match``."""
    home = getattr(first, "_wp_parent", None)
    child: ast.AST = last
    node = getattr(last, "_wp_parent", None)
    others: list[list[ast.stmt]] = []
    while node is not None and node is not home:
        if isinstance(node, ast.If):
            if not node.orelse:
                return None
            others.append(node.orelse if _within(child, node.body) else node.body)
        elif not isinstance(node, (ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While)):
            return None
        child, node = node, getattr(node, "_wp_parent", None)
    return others if node is home else None


def _within(node: ast.AST, block: list[ast.stmt]) -> bool:
    return any(node is st for st in block)


def _has_work(dctx, st: ast.stmt) -> bool:
    return any(isinstance(c, ast.Call) and dctx.is_gpu_work(c, fn_scope=True) for c in ast.walk(st))


def _long(loop: ast.stmt) -> bool:
    """Not a loop shown to run fewer than 20 times (``range(3)``). Only ``range(n)`` is read: ``range(0, 5)`` counts
    as long here, as short in :func:`.._deep_waits._long` (kept apart: one reading for both would change
    what one of them finds)."""
    it = getattr(loop, "iter", None)
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and len(it.args) == 1 \
            and isinstance(it.args[0], ast.Constant) and isinstance(it.args[0].value, int):
        return it.args[0].value >= _FEW
    return True


def _waits(dctx, body: list[ast.stmt]) -> bool:
    """The loop's pass ends waiting: the last statement of the body that does GPU work (in an inner loop, that loop's
    last such statement) also waits for the device (a synchronize, `.item()`, a blocking copy from host memory:
    `mask = torch.cat([mask, torch.tensor([[1]], device=device)])` after the forward). A copy at the top of each pass
    (`model(x.cuda())` before the backward pass and the update) leaves the last pass's whole step queued: no."""
    from ._host_timer_weak import _blocking_h2d

    last = next((st for st in reversed(body) if _has_work(dctx, st)), None)
    if isinstance(last, (ast.For, ast.AsyncFor, ast.While)):
        return _waits(dctx, last.body)
    if last is None or isinstance(last, (ast.If, ast.With, ast.AsyncWith, ast.Try)):
        return False
    for c in ast.walk(last):
        if isinstance(c, ast.Call):
            try:
                if dctx.is_sync(c) or _blocking_h2d(dctx, c):
                    return True
            except Exception:  # (a node outside the context's statement index)
                continue
    return False
