"""Render saved results (terminal via rich, JSON, markdown). Renders results only; never imports torch.

``render(result, console)`` dispatches on the result's kind; library and CLI print through the same functions, so
``wprof bench`` and ``wprof report result.json`` show the same thing.
"""

from __future__ import annotations

from typing import Any

from ..stats import fmt_ms

__all__ = ["render", "fmt_ms", "make_console"]

def make_console(file: Any = None, width: int | None = None) -> Any:
    from rich.console import Console

    return Console(file=file, width=width, highlight=False, soft_wrap=False)


def render(result: Any, console: Any = None) -> None:
    """Print ``result`` on ``console`` (a rich Console; default stdout)."""
    from ..results.registry import kind_of, renderer

    renderer(kind_of(result))(result, console or make_console())
