"""The next step a bench result ends with: the profiling ladder's next rung for the same target.

Computed once per result, from the arguments that re-create the callable on the command line (``result.target``:
``path.py:factory --param=n=4096`` or ``--stmt '...' --setup '...'``) and the clock, by
:func:`wprof.profilers.ladder.bench_advice`. Empty target (a callable passed in Python): no advice.
"""

from __future__ import annotations

__all__ = ["next_step"]


def next_step(target: str, clock: str) -> str | None:
    """The ladder's advice for ``wprof bench TARGET`` on this clock (None without a target or advice)."""
    if not target:
        return None
    try:
        from ..profilers.ladder import bench_advice
    except ImportError:
        return None
    try:
        return bench_advice(target, clock) or None
    except Exception:
        return None
