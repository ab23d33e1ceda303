"""Terminal rendering of an NcuResult: the same per-kernel table `wprof ncu` prints."""

from __future__ import annotations

from typing import Any

__all__ = ["render_ncu"]


def render_ncu(result: Any, console: Any) -> None:
    from rich.markup import escape

    from ..profilers.ncu import format_table

    console.print(escape(format_table(result, width=100)), soft_wrap=True)
