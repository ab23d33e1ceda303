"""Render saved results (terminal via rich, JSON, markdown). Renders results only; never imports torch.

``render(result, console)`` dispatches on the result's kind; library and CLI print through the same functions, so
``wprof bench`` and ``wprof report result.json`` show the same thing.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..stats import fmt_ms

__all__ = ["render", "fmt_ms", "make_console"]

# result class name -> "module:function(result, console)"
_RENDERERS = {
    "BenchResult": "wprof.report.bench:render_bench",
    "LoopResult": "wprof.report.loop:render_loop",
    "CompareResult": "wprof.report.compare:render_compare",
    "NcuResult": "wprof.report.ncu:render_ncu",
    "SweepResult": "wprof.report.sweep:render_sweep",
    "SweepCompareResult": "wprof.report.sweep:render_sweep_compare",
}


def make_console(file: Any = None, width: int | None = None) -> Any:
    from rich.console import Console

    return Console(file=file, width=width, highlight=False, soft_wrap=False)


def render(result: Any, console: Any = None) -> None:
    """Print ``result`` on ``console`` (a rich Console; default stdout)."""
    key = type(result).__name__
    target = _RENDERERS.get(key)
    if target is None:
        raise TypeError(f"no renderer for {key}")
    mod, _, fn = target.partition(":")
    getattr(importlib.import_module(mod), fn)(result, console or make_console())
