"""The first logging window of a training loop around a compiled step's first calls (WP112).

A throughput window (``t0 = perf_counter()`` before the loop; ``if step % every == 0: dt = perf_counter() - t0;
print(tokens / dt); t0 = perf_counter()``) reports one figure per window. The window's clock restarts inside the
loop, so every window but the first is steady state; the first one holds the first calls of the compiled step
(``torch.compile``, ``jax.jit``: the file's step function, or one it calls), so its tokens/s, step time and MFU
include the compilation (set 60). Not reported: a compiled callable called before the window opens, a window labelled
as compile time or a warm-up, and a first window left out (a test on the loop counter or a flag in the logging
block that skips or labels it). A window of one iteration, printed in every iteration (``for epoch in range(n):``
... ``print(f"epoch took {time.time() - t0}")``), holds them in its first row the same way (sets 78, 83)."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from ._common import _times_first_call, callee_key, called_before


def first_windows(ctx: Context, outermost: bool = False):
    """(region, end reading, loop) for each first window of a periodic throughput window whose clock restarts in the
    loop, the first window neither timed on purpose nor left out; ``outermost``: only regions inside no other."""
    for r in ctx.regions:
        if r.kind != "host" or r.loop is not None or r.timer or (outermost and r.outer is not None):
            continue
        start = r.scope.stmts[r.lo]
        if not (isinstance(start, ast.Assign) and len(start.targets) == 1 and isinstance(start.targets[0], ast.Name)):
            continue
        end = r.scope.stmts[r.hi] if r.hi < len(r.scope.stmts) else None
        loop = next((lp for lp in getattr(end, "_wp_loops", ()) if r.contains(lp)), None)
        if loop is None or not _restarted(ctx, r, loop, start.targets[0].id) or _times_first_call(ctx, r) or \
                _first_window_left_out(ctx, r, loop, end):  # (not a word "warmup" anywhere: a learning-rate or
            continue  # profiler warm-up is no warm-up of the step; a real one calls the step before the window)
        yield r, end, loop


def first_window_compiles(ctx: Context) -> list[tuple[ast.Call, str]]:
    out: list[tuple[ast.Call, str]] = []
    for r, _, _ in first_windows(ctx):
        for c in r.calls():
            key = callee_key(c)
            if key is None or called_before(ctx, key, r.scope, r.lo):
                continue
            from ._helper_warmups import handed_compiled, reached_before

            handed = handed_compiled(ctx, c, key)  # `run_step(model, x)`: the compiled `model` it is handed
            if handed == "":
                continue  # its compiled-looking callees are its parameters, handed nothing compiled here
            what = handed or (key if ctx.is_compiled(key) else _calls_compiled(ctx, key))
            if what:
                if reached_before(ctx, what, r.scope, r.lo):
                    continue  # `_compile_warmup(model, ...)` before the window: it ran the compiled model
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


_REPORTERS = frozenset({"print", "info", "debug", "warning", "log", "add_scalar", "set_postfix", "write"})


def first_row_compiles(ctx: Context) -> list[tuple[ast.Call, str]]:
    """A per-iteration interval of a counted loop (``for epoch in range(n):``, the loop not inside another) reported
    in every iteration (a print or log call at the loop body's own level that reads it), around the first calls of
    a compiled callable never called before the loop (``@jax.jit def train_step``, ``update_ppo``): the first row
    printed (epoch 1's time, update 1's steps per second) is the compilation's (sets 78, 83). Not a loop of bare
    repeats (``for _ in range(n):``) that never waits: it prints launch times (lint87's class). Not when the loop
    leaves the first iteration out (a test on the loop variable around the readings or the record; since the sixteenth
session also a summary after the loop from the second sample on, ``sum(times[1:]) / len(times[1:])``), nor when the
    interval is labelled as compile time; a logging block under a condition (``if it % every == 0:``) is a window
    of its own (``first_window_compiles``)."""
    from ._common import _waits_in_loop, enclosing_params, mentions_warmup_for
    from ._dropped_first import summarized_past_first
    from .compiled_without_warmup import _skips_first

    out: list[tuple[ast.Call, str]] = []
    for r in ctx.regions:
        loop = r.loop
        if r.kind != "host" or loop is None or r.outer is not None or r.timer or \
                not isinstance(loop, ast.For) or (getattr(loop, "_wp_loops", None) and not _phase_loop(loop)) or \
                not _counted(ctx, loop.iter) or _skips_first(r) or summarized_past_first(r) or \
                _times_first_call(ctx, r) or \
                mentions_warmup_for(ctx, r) or not _reported_each_iteration(ctx, r, loop) or \
                (isinstance(loop.target, ast.Name) and loop.target.id.startswith("_") and
                 not _waits_in_loop(ctx, loop)):
            continue  # (`for _ in range(100):` printing times and never waiting: launch times, lint87's class)
        params = enclosing_params(r.scope)
        for c in r.calls():
            key = callee_key(c)
            if key is None or key.split(".")[0] in params or \
                    called_before(ctx, key, r.scope, loop._wp_idx):  # type: ignore[attr-defined]
                continue
            if ctx.is_compiled(key):
                out.append((c, key))
                break
    return out


def _phase_loop(loop: ast.For) -> bool:
    """``loop`` is a statement of the body of one outer loop that no other loop encloses (training phases: ``for
    steps, length in zip(steps_strategy, length_strategy):`` around ``for step in range(steps):``), reached in the
    outer loop's first iteration: the inner loop's first printed row is still the program's first call."""
    outer = getattr(loop, "_wp_parent", None)
    return isinstance(outer, ast.For) and loop in outer.body and not getattr(outer, "_wp_loops", None) and \
        getattr(loop, "_wp_loops", ()) == (outer,)


def _reporting_statements(stmts: list[ast.stmt]):
    """The expression and assignment statements of ``stmts`` and of the ``if`` bodies among them (a report every
    ``print_every`` steps: ``if step % print_every == 0: print(...)``)."""
    for s in stmts:
        if isinstance(s, (ast.Expr, ast.Assign)):
            yield s
        elif isinstance(s, ast.If):
            yield from _reporting_statements(s.body)


def _counted(ctx: Context, it: ast.AST) -> bool:
    """``range(n)`` (through ``enumerate``/``tqdm``), a count of iterations, not a written-out list of
    configurations (a sweep: ``for stage, n in enumerate([10, 20]):`` is a burn-in stage, then the measured one)."""
    from ._common import _range_like

    while isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("enumerate", "tqdm") and \
            it.args:
        it = it.args[0]
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "zip" and it.args:
        it = it.args[0]  # `for step, (batch,) in zip(range(steps), loader):` counts `steps` steps
    return isinstance(it, ast.Call) and _range_like(ctx, it)


def _reported_each_iteration(ctx: Context, r, loop: ast.For) -> bool:
    """The interval is printed or logged by a statement of the loop body's own level (under no condition): the
    interval statement itself (``print(f"SPS={n / (time.time() - t0)}")``) or one after it reading a name it binds."""
    from ._cold_first_row import first_row_shown

    st = r.interval
    if st is None or (getattr(st, "_wp_parent", None) is not loop and not first_row_shown(st, loop)):
        return False
    names = {n.id for t in getattr(st, "targets", [getattr(st, "target", None)]) if t is not None
             for n in ast.walk(t) if isinstance(n, ast.Name)}
    body = loop.body
    top = st
    while getattr(top, "_wp_parent", None) is not loop:
        top = top._wp_parent  # type: ignore[attr-defined]  (the `if` around a report every `k` steps)
    for s in _reporting_statements(body[body.index(top):] if top in body else []):
        if getattr(s, "_wp_parent", None) is not loop and not first_row_shown(s, loop):
            continue  # (`if stage == 1: print(...)`: only some iterations are reported, the first not among them)
        for c in ast.walk(s):
            if isinstance(c, ast.Call) and (dotted(c.func) or "").rsplit(".", 1)[-1] in _REPORTERS and (
                    s is st or any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(c))):
                return True
    return False
