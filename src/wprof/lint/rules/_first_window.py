"""The first logging window of a training loop around a compiled step's first calls (WP112).

A throughput window (``t0 = perf_counter()`` before the loop; ``if step % every == 0: dt = perf_counter() - t0;
print(tokens / dt); t0 = perf_counter()``) reports one figure per window. The window's clock restarts inside the
loop, so every window but the first is steady state; the first one holds the first calls of the compiled step
(``torch.compile``, ``jax.jit``: the file's step function, or one it calls), so its tokens/s, step time and MFU
include the compilation (set 60). Not reported: a compiled callable called before the window opens, a window labelled
as compile time or a warm-up, and a first window left out (a test on the loop counter or a flag in the logging
block that skips or labels it)."""

from __future__ import annotations

import ast

from .._context import Context
from ._common import _times_first_call, callee_key, called_before


def first_window_compiles(ctx: Context) -> list[tuple[ast.Call, str]]:
    out: list[tuple[ast.Call, str]] = []
    for r in ctx.regions:
        if r.kind != "host" or r.loop is not None or r.timer:
            continue
        start = r.scope.stmts[r.lo]
        if not (isinstance(start, ast.Assign) and len(start.targets) == 1 and isinstance(start.targets[0], ast.Name)):
            continue
        name = start.targets[0].id
        end = r.scope.stmts[r.hi] if r.hi < len(r.scope.stmts) else None
        loop = next((lp for lp in getattr(end, "_wp_loops", ()) if r.contains(lp)), None)
        if loop is None or not _restarted(ctx, r, loop, name) or _times_first_call(ctx, r) or \
                _first_window_left_out(ctx, r, loop, end):  # (not a word "warmup" anywhere: a learning-rate or
            continue  # profiler warm-up is no warm-up of the step; a real one calls the step before the window)
        for c in r.calls():
            key = callee_key(c)
            if key is None or called_before(ctx, key, r.scope, r.lo):
                continue
            what = key if ctx.is_compiled(key) else _calls_compiled(ctx, key)
            if what:
                out.append((c, what))
                break
    return out


def _restarted(ctx: Context, r, loop: ast.stmt, name: str) -> bool:
    """``name`` is bound again to a clock reading inside ``loop`` after the end reading: the window restarts."""
    for st in r.scope.stmts[r.hi + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in st.targets) and \
                isinstance(st.value, ast.Call) and ctx.is_clock(st.value):
            return True
    return False


def _calls_compiled(ctx: Context, key: str) -> str | None:
    """The compiled callable a function of the file (a step function defined in the training method too) calls
    (``def optimizer_step(...): ... accumulate_grad(...)`` with ``@jax.jit def accumulate_grad``), else None."""
    fn = ctx.functions.get(key)
    if fn is None:
        return None
    return next((k for c in ctx.calls_in_function(fn) if ctx.is_compiled(k := callee_key(c) or "")), None)


def _first_window_left_out(ctx: Context, r, loop: ast.stmt, end: ast.stmt) -> bool:
    """The logging block around the end reading tests whether this is the first window (a comparison or a flag
    other than the periodic test itself: ``if step > every:``, ``if not first_window:``), or the loop counter starts
    past the first window: the first window is skipped or labelled, not averaged in."""
    targets = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)} if isinstance(loop, ast.For) else set()
    node = getattr(end, "_wp_parent", None)
    blocks = []
    while isinstance(node, ast.stmt) and node is not loop:
        if isinstance(node, ast.If):
            blocks.append(node)
        node = getattr(node, "_wp_parent", None)
    if not blocks:
        return True  # the end reading every iteration: a per-step interval, not a window (other rules judge it)
    periodic = blocks[-1]  # the outermost test inside the loop: `if step % every == 0:`
    if not any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) for n in ast.walk(periodic.test)):
        return True  # not a periodic window
    if len(blocks) > 1:
        return True  # a further test around the reading (`if step > every:`): the first window handled on purpose
    for st in periodic.body:
        for n in ast.walk(st):
            if isinstance(n, ast.If) and any(isinstance(x, ast.Name) and (x.id in targets or x.id.startswith(
                    ("first", "warm", "skip"))) for x in ast.walk(n.test)) and \
                    not any(isinstance(x, ast.BinOp) and isinstance(x.op, ast.Mod) for x in ast.walk(n.test)):
                return True
    return False
