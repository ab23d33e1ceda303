"""WP102: a timed loop whose unwaited tail is matched by an unwaited warm-up of the same work right before it.

``for _ in range(200): y = model(x)`` then ``t0 = time.time(); for _ in range(200): y = model(x); t1 = ...`` with no
synchronize anywhere: when the clock starts, the warm-up's last calls are still queued on the device, and when it
stops the timed loop's last calls are. The launch queue holds about as much work at both reads, so the interval is
about the device time of the timed calls; a long average (hundreds of calls) is off by a few calls at most. Weak
(shown with ``--extend-select extra``), not silent: the number is right only by that balance (held2prec, set 113).

A warm-up that synchronizes (or waits on a read-back) leaves an empty queue at the start: the timed loop's tail is
then missed in full, and the finding stays. So does a short warm-up or a short timed loop.
"""
from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_calls, stmt_nodes, under
from ._common import callee_key
from ._walk_values import loop_count

QUEUE_FILL = 100  # calls of the work before the clock starts that fill the launch queue (a model call launches many
# kernels; the queue holds about a thousand launches)


def queued_warmup(ctx: Context, r) -> bool:
    """The region times loops only, of ``QUEUE_FILL`` iterations or more, right after (in the same block, nothing
    between) a loop of as many iterations that runs every GPU call the timed loops run, on the same callees, and
    that waits for nothing."""
    if r.loop is not None:
        return False
    loops = r.inner_loops()
    body = [s for s in r.stmts() if not any(under(s, lp) for lp in loops)]
    if not loops or any(ctx.gpu_work_in(stmt_nodes(s)) for s in body):
        return False  # (GPU work outside the timed loops: not the balanced case)
    timed = _work_keys(ctx, loops)
    if not timed or any((loop_count(ctx, lp) or 0) < QUEUE_FILL for lp in loops):
        return False
    prev = _previous_sibling(r.scope.stmts[r.lo])
    if not isinstance(prev, ast.For) or (loop_count(ctx, prev) or 0) < QUEUE_FILL:
        return False
    inner = [prev] + [s for s in ast.walk(prev) if isinstance(s, ast.stmt) and s is not prev]
    if any(ctx.is_sync(c) for s in inner for c in stmt_calls(s)):
        return False  # a warm-up that waits empties the queue before the clock starts
    return timed <= _work_keys(ctx, [prev])



def _work_keys(ctx: Context, loops: list[ast.stmt]) -> set[str]:
    """The callees of the GPU work the loops run (``model`` for ``model(x)``); a work item of no callee: ``?``."""
    out: set[str] = set()
    for lp in loops:
        for s in ast.walk(lp):
            if isinstance(s, ast.stmt) and not isinstance(s, (ast.For, ast.AsyncFor, ast.While, ast.If, ast.With)):
                for w in ctx.gpu_work_in(stmt_nodes(s)):
                    out.add((callee_key(w) if isinstance(w, ast.Call) else None) or "?")
    return out


def _previous_sibling(st: ast.stmt) -> ast.stmt | None:
    """The statement right before ``st`` in its block."""
    parent = getattr(st, "_wp_parent", None)
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if isinstance(block, list):
            for i, x in enumerate(block):
                if x is st:
                    return block[i - 1] if i else None
    return None
