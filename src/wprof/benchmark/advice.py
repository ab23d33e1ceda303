"""The next step a bench result ends with: the profiling ladder's next rung for the same target.

Computed once per result, from the arguments that re-create the callable on the command line (``result.target``:
``path.py:factory --param=n=4096`` or ``--stmt '...' --setup '...'``), by
:func:`wprof.profilers.ladder.next_step`. Empty target (a callable passed in Python): no advice.
"""

from __future__ import annotations

__all__ = ["next_step"]


def next_step(target: str) -> str | None:
    """The formatted next step for ``wprof bench TARGET`` (None without a target, or when the ladder has none)."""
    if not target:
        return None
    try:
        import shlex

        from ..profilers.ladder import LadderFacts, format_step
        from ..profilers.ladder import next_step as ladder_next
    except ImportError:
        return None
    try:
        argv = ("bench", *shlex.split(target))
        return format_step(ladder_next(LadderFacts(kind="bench", argv=argv)))
    except Exception:
        return None
