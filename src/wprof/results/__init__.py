"""Every wprof result kind as a frozen typed class, its versioned JSON schema, and atomic result files.

One module per kind: :mod:`~wprof.results.bench` (``wprof.bench``), :mod:`~wprof.results.loop` (``wprof.loop``),
:mod:`~wprof.results.compare` (``wprof.compare``), :mod:`~wprof.results.ncu` (``wprof.ncu``),
:mod:`~wprof.results.sweep` (``wprof.sweep``, ``wprof.sweep-compare``). On disk a result is one
JSON document whose ``"schema"`` is ``"wprof.<kind>/<version>"`` (docs/results.md lists every field and its unit);
:mod:`~wprof.results.registry` is the one table of kinds, the versions each reads, its class and its renderer.
:mod:`~wprof.results._io` writes atomically, to regular files only, and reads with one-line errors.

Importing this package imports the standard library and :mod:`wprof.stats` only (never torch or numpy), so a laptop
renders a GPU run.
"""

from __future__ import annotations

from ._io import check_output_path, now_utc, read_json, write_json_atomic, write_text_atomic
from .bench import BENCH_SCHEMA, BenchResult, Warmup
from .compare import CompareResult
from .loop import LoopResult
from .ncu import NcuResult
from .sweep import SweepCompareResult, SweepResult
from .registry import KINDS, load_result, parse_result

__all__ = [
    "BenchResult",
    "Warmup",
    "LoopResult",
    "CompareResult",
    "NcuResult",
    "SweepResult",
    "SweepCompareResult",
    "write_json_atomic",
    "write_text_atomic",
    "check_output_path",
    "load_result",
    "parse_result",
    "read_json",
    "now_utc",
    "BENCH_SCHEMA",
    "KINDS",
]
