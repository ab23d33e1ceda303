"""WP116: a start clock copied from an end clock (``prev_t1 = t1``, nanoGPT's ``t0 = t1``) starts where that end
clock was read, not where the copy is written.

``step_time += t1 - prev_t1; prev_t1 = t1`` with ``t1 = time.time()`` read before the iteration's evaluation or
checkpoint block: the next interval starts at that reading, so it spans the evaluation that ran between the reading
and the copy. The rule's walk places each reset of the start clock at a statement index; a copy is moved to just
after the last reading of the copied clock earlier in the same loop body (index + 0.5), so the walk sees the work
between them as inside the next interval.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import Scope


def copied_resets(ctx: Context, scope: Scope, resets: list[int], clocks: set[str], index) -> list[float]:
    """``resets`` (statement indices of the start clock's assignments) with each copy of another clock name
    (``prev_t1 = t1``) moved to just after the last assignment of that name before it in its innermost loop."""
    out: list[float] = []
    for r in resets:
        st = scope.stmts[r]
        src = dotted(st.value) if isinstance(st, ast.Assign) and len(st.targets) == 1 else None
        loops = st._wp_loops  # type: ignore[attr-defined]
        if src and src in clocks and loops:
            lo = loops[-1]._wp_idx  # type: ignore[attr-defined]
            reads = [i for i in index(ctx, scope, src) if lo < i < r and _clock_read(ctx, scope.stmts[i])]
            if reads:
                out.append(reads[-1] + 0.5)
                continue
        out.append(float(r))
    out.sort()
    return out


def _clock_read(ctx: Context, st: ast.stmt) -> bool:
    """``st`` assigns a fresh clock reading (``t1 = time.time()``), not another copy."""
    return isinstance(st, ast.Assign) and isinstance(st.value, ast.Call) and ctx.is_clock(st.value)
