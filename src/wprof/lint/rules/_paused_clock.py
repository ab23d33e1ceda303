"""A second training clock the file pauses around the loop's periodic work (falseclass, set 149): ``train_time +=
time.time() - t0`` read just before the evaluation and ``t0 = time.time()`` restarted after it, in the same loop.
The file measures its training time on that clock, with the evaluation left out on purpose; another interval it
reads after the loop from a clock started once before it (``total_t0``) and shows as a time (not a rate) is the
run's whole elapsed time beside it, so WP116 does not call it a training time that counts the evaluation."""

from __future__ import annotations

import ast
from typing import Any, Callable


def paused_around(scope: Any, work: ast.stmt, whole_clock: str | None, is_clock: Callable[[ast.AST], bool],
                  dotted: Callable[[ast.AST], str | None]) -> bool:
    """Some clock other than ``whole_clock`` is added up (``acc += <clock> - c``) before ``work`` and restarted
    (``c = <clock>``) after it, both inside the innermost loop holding ``work``, with no restart of ``c`` in
    between (the clock is stopped while ``work`` runs)."""
    loops = getattr(work, "_wp_loops", ())
    if not loops:
        return False
    loop = loops[-1]
    lo, hi, w = loop._wp_idx, loop._wp_end, work._wp_idx
    stopped: dict[str, int] = {}
    for st in scope.stmts[lo + 1:hi + 1]:
        i = st._wp_idx
        if i < w and isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and \
                isinstance(st.value, ast.BinOp) and isinstance(st.value.op, ast.Sub) and is_clock(st.value.left):
            c = dotted(st.value.right)
            if c and c != whole_clock:
                stopped[c] = i
        elif isinstance(st, ast.Assign) and len(st.targets) == 1 and is_clock(st.value):
            c = dotted(st.targets[0])
            if c in stopped:
                if i < w:
                    del stopped[c]  # restarted before the work: running through it
                elif i > w:
                    return True
    return False
