"""What a figure reports: a timed region whose interval no reported number holds (WP103/WP112 silence; twentieth
session, reported).

``manual_time = end - start`` whose every print is commented out, and no other read of ``manual_time`` anywhere in
the file: the interval is measured and dropped, so the cold first call inside it makes no number wrong (set 126: a
reference attention timed once to check the student's output, only the profiler's table printed). The same fact
WP102 already uses for its weak tier (``_unused``): an interval stored in a name that is never read, or added to a
total that is never read, reaches no report. Any read of the name (printed, returned, appended, compared, handed
to a call, a bare expression a notebook shows) keeps the region, as does a file that reads its names dynamically
(``locals()``, ``vars()``, ``globals()``), and an interval not stored in a plain name (``print(t1 - t0)``,
``times.append(t1 - t0)``, ``self.dt = ...``). Since the twenty-first session (held145) a difference that only
steers the program (a time-limit test, a pacing sleep, a rate limiter: ``_control_clock``) reaches no report either.
"""
from __future__ import annotations

import ast

from .._context import Context


def interval_unread(ctx: Context, r) -> bool:
    """Region ``r``'s interval statement stores the difference in a plain name (or adds it into one) that the file
    never reads."""
    from .._control_clock import control_only

    st = getattr(r, "interval", None)
    if {"locals", "vars", "globals"} & ctx.words:
        return False
    if control_only(ctx, r):
        return True  # `if time.time() - t0 > limit: break`, a pacing sleep: the difference steers, it is no figure
    if isinstance(st, ast.AugAssign) and isinstance(st.target, ast.Name):
        name = st.target.id
    elif isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        name = st.targets[0].id
    elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.value is not None:
        name = st.target.id
    else:
        return False
    return not ctx.loads(name)
