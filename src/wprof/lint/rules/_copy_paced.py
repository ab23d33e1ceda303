"""A timed loop paced by a blocking copy from the host in every iteration (twentieth session, syncrecall, set 86).

``for i in range(n): out = layer.forward(*inputs, mems=memory.to(device))`` with ``memory`` on the CPU: torch copies
host memory to the GPU and synchronizes the stream before it returns (the memory may be pageable), so each
iteration's copy waits for everything the previous iteration queued. An end read after such a loop, with no
synchronize, misses only the last iteration's work (one of many): weak, as a loop that waits every iteration
(:func:`._host_timer_weak.waits_every_iteration`).
"""

from __future__ import annotations

import ast

from .._walk import stmt_nodes

_FEW = 20  # fewer iterations than this: the last one is a material share of the interval


def paced_by_host_copies(ctx, r) -> bool:
    """The region spans many passes of a loop (inside the region, or one the region's start reading sits in, the
    end read after it) whose last GPU work runs after a blocking host-to-device copy on every pass, inside the
    interval (in the same statement, or in an earlier statement of the loop's own body, under no test). Not a
    per-iteration sample: a copy before its start read leaves the sample a launch (set 79)."""
    from .._waits import _blocking_host_copy
    from ._host_timer_weak import _count, _last_gpu_stmt

    if r.loop is not None:
        return False  # a per-iteration sample: a copy before its start read is outside it (set 79, T)
    last = _last_gpu_stmt(ctx, r.stmts())
    loops = list(getattr(last, "_wp_loops", ()) or ())
    if last is None or not loops:
        return False
    lp = loops[-1]  # the innermost loop running the last work
    it = getattr(lp, "iter", None)
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and it.args:
        n = _count(ctx, it.args[-1] if len(it.args) < 3 else None, {}, it)
        if n is not None and n < _FEW:
            return False
    body = r.scope.stmts[lp._wp_idx + 1:last._wp_idx + 1]  # type: ignore[attr-defined]
    for st in body:
        if not r.contains(st) or st._wp_loops[-1] is not lp or \
                getattr(st, "_wp_parent", None) is not lp:  # type: ignore[attr-defined]
            continue  # (under a test, or in an inner loop: not every pass)
        if any(isinstance(n, ast.Call) and _blocking_host_copy(ctx, n) for n in stmt_nodes(st)):
            return True
    return False
