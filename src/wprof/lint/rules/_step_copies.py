"""WP102's weak tier, continued: a host interval whose unwaited work is one step of a loop, because every step of
that loop begins with a blocking copy to the GPU.

A copy from host memory to the device without ``non_blocking=True`` (``x.to(device)``, ``x.cuda()`` of a value not
on the GPU) returns only once it is done, and it runs on the stream after everything queued before it: torch waits
for the stream after the copy. So in a loop whose every step starts with such a copy, the work a step leaves queued
is waited for by the next step's copy, whatever the clock reads say:

- a per-step interval that begins with the copy (``t0 = time(); batch = batch.to(dev); loss = step(batch);
  times.append(time() - t0)``), when nothing else in the loop waits every step, holds the previous step's GPU work
  and this step's launches: each sample is shifted by one step and their mean is about right;
- a running clock started before the loop and read inside it (``fps = frames / (time() - start)``) misses only the
  step in flight.

Judged borderline every time on fresh code (sets 27, 41, 44: the interval is shifted by a step, its mean about
right; the same shape read once as true, set 42, where each per-step time is logged). A loop whose steps wait
somewhere else as well (a metric computed on the host after the end read, set 41 "eval") is not this class: there
the copy finds nothing queued and the interval is the launches alone, reported at full strength.
"""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_calls, stmt_nodes
from ._host_timer_weak import _blocking_h2d

_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def step_starts_with_copy(ctx: Context, r) -> bool:
    """The region's unwaited work is one step of a loop whose steps begin with a blocking copy to the GPU (see the
    module's docstring); weak."""
    if r.kind != "host" or r.outer is not None:
        return False
    if r.loop is not None:
        return _per_step(ctx, r, r.loop)
    end = getattr(r.end, "_wp_stmt", None)
    loop = next((lp for lp in getattr(end, "_wp_loops", ()) if getattr(lp, "_wp_scope", None) is r.scope and
                 r.lo < lp._wp_idx < r.hi), None)  # type: ignore[attr-defined]
    return loop is not None and _running_clock(ctx, r, loop)


def _step_value(ctx: Context, c: ast.AST, loop: ast.stmt) -> bool:
    """``xb.to(device)`` / ``xb.cuda()`` (no ``non_blocking=True``) of a name the loop binds from its iterator
    each step (``for xb, yb in batches:``), an iterator not shown on the GPU: a host value copied, even where the
    step rebinds the name to its copy (``xb = xb.to(device)``, which makes the name's placement the GPU's)."""
    if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr in ("to", "cuda") and
            isinstance(c.func.value, ast.Name) and isinstance(loop, (ast.For, ast.AsyncFor))):
        return False
    if any(k.arg == "non_blocking" for k in c.keywords) or ctx.placement(loop.iter) == "cuda":
        return False
    if c.func.value.id not in {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}:
        return False
    if c.func.attr == "cuda":
        return True
    dev = next((k.value for k in c.keywords if k.arg == "device"), c.args[0] if c.args else None)
    return dev is not None and ctx._device_value(dev) == "cuda"  # type: ignore[attr-defined]


def _first_is_copy(ctx: Context, stmts: list[ast.stmt], loop: ast.stmt) -> bool:
    """The first of ``stmts`` that touches the GPU holds a blocking copy to it, and no GPU work runs before it."""
    for s in stmts:
        if isinstance(s, _LOOPS):
            return False  # an inner loop's work would run before the copy of its first iteration is seen
        nodes = stmt_nodes(s)
        if any(_copies(ctx, n, loop) for n in nodes):
            return True
        if ctx.gpu_work_in(nodes):
            return False
    return False


def _copies(ctx: Context, n: ast.AST, loop: ast.stmt) -> bool:
    return _blocking_h2d(ctx, n) or _step_value(ctx, n, loop)


def _waits_inside(ctx: Context, r, loop: ast.stmt) -> bool:
    """Every step waits inside the interval, before its last GPU work: a blocking copy to the GPU, or a wait
    (``avg += loss.item()`` between the forward and the backward), in a statement run on every step."""
    stmts = [s for s in r.stmts() if _every_step(s, loop) and not isinstance(s, _LOOPS)]
    last = max((s._wp_idx for s in r.stmts() if ctx.gpu_work_in(stmt_nodes(s))), default=None)  # type: ignore
    return last is not None and any(
        s._wp_idx < last and any(_copies(ctx, n, loop) for n in stmt_nodes(s)) or  # type: ignore[attr-defined]
        s._wp_idx < last and any(ctx.is_sync(c) for c in stmt_calls(s)) for s in stmts)  # type: ignore


def _body(ctx: Context, r, loop: ast.stmt) -> list[ast.stmt]:
    return [s for s in r.scope.stmts
            if loop._wp_idx < s._wp_idx <= loop._wp_end]  # type: ignore[attr-defined]


def _every_step(s: ast.stmt, loop: ast.stmt) -> bool:
    """``s`` runs on every step of ``loop`` (no ``if``, inner loop or handler between them)."""
    node = getattr(s, "_wp_parent", None)
    while node is not None and node is not loop:
        if not isinstance(node, (ast.With, ast.AsyncWith)):
            return False
        node = getattr(node, "_wp_parent", None)
    return node is loop


def _per_step(ctx: Context, r, loop: ast.stmt) -> bool:
    if not (_first_is_copy(ctx, r.stmts(), loop) or _waits_inside(ctx, r, loop)):
        return False
    outside = [s for s in _body(ctx, r, loop) if not r.lo <= s._wp_idx <= r.hi and  # type: ignore[attr-defined]
               _every_step(s, loop)]
    made = {t.id for s in r.stmts() if isinstance(s, (ast.Assign, ast.AugAssign, ast.AnnAssign))
            for tgt in _targets(s) for t in ast.walk(tgt) if isinstance(t, ast.Name)}  # the step's results
    for s in outside:
        for c in stmt_calls(s):
            if ctx.is_sync(c) or any(isinstance(n, ast.Name) and n.id in made
                                     for a in [*c.args, *(k.value for k in c.keywords)] for n in ast.walk(a)):
                return False  # the step waits there (`loss.item()`), or may (`metric.add_batch(predictions=out)`
                # hands the step's results to code the file does not show): the copy then finds nothing queued
    return True


def _targets(s: ast.stmt) -> list[ast.AST]:
    return list(s.targets) if isinstance(s, ast.Assign) else [s.target]  # type: ignore[attr-defined]


def _running_clock(ctx: Context, r, loop: ast.stmt) -> bool:
    body = [s for s in _body(ctx, r, loop) if s._wp_idx < r.hi]  # type: ignore[attr-defined]
    if any(ctx.gpu_work_in(stmt_nodes(s)) for s in r.stmts() if s._wp_idx < loop._wp_idx):  # type: ignore
        return False  # work before the loop: the first reads also wait for it through the copy, fine, but keep
        # the class to what was judged (a loop that is the whole region)
    return _first_is_copy(ctx, [s for s in body if _every_step(s, loop)], loop)
