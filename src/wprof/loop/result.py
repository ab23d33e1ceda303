"""Moved to :mod:`wprof.results.loop`; this name keeps old imports working."""

from ..results.loop import LOOP_SCHEMA, SERIES, Finding, LoopResult

__all__ = ["LoopResult", "Finding", "LOOP_SCHEMA", "SERIES"]
