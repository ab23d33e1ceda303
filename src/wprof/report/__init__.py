"""Render results: one renderer per result kind, used live and by ``wprof report``. Never imports torch.

Each kind's module (``bench``, ``loop``, ``compare``, ``ncu``; found through :data:`wprof.results.registry.KINDS`)
has ``blocks(result, samples=False)``: the report as lines and tables (:mod:`wprof.report._doc`). The formats:

- ``text``: plain lines, what the live output prints and ``wprof report`` prints when piped or saved (no width
  limit, nothing wrapped); on a terminal the same characters with colour, tables cut to the terminal's width;
- ``md``: GitHub-flavoured markdown (tables, commands in ``sh`` code blocks);
- ``json``: the result document itself (``result.to_dict()``).

Every string taken from a result is made printable (control characters and escape sequences shown as ``\\x1b``),
so a result file cannot drive the terminal.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from ..stats import fmt_ms
from ._doc import Block, markdown, print_terminal, text_lines

__all__ = ["render", "blocks", "lines", "fmt_ms", "make_console", "FORMATS", "terminal_width"]

FORMATS = ("text", "md", "json")


def blocks(result: Any, *, samples: bool = False) -> list[Block]:
    """The report of ``result`` as blocks (its kind's renderer, from the registry)."""
    from ..results.registry import kind_of, renderer

    return renderer(kind_of(result)).blocks(result, samples=samples)


def lines(result: Any, *, samples: bool = False, width: int | None = None) -> list[str]:
    """The report of ``result`` as plain lines: the live lines, and ``wprof report --format text``'s."""
    return text_lines(blocks(result, samples=samples), width)


def _isatty(file: Any) -> bool:
    try:
        return bool(file.isatty())
    except (AttributeError, ValueError):
        return False


def terminal_width(file: Any) -> int | None:
    """The terminal's width when ``file`` is one, else None (piped or saved: no limit)."""
    if not _isatty(file):
        return None
    try:
        return os.get_terminal_size(file.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return None


def render(result: Any, file: Any = None, *, fmt: str = "text", samples: bool = False) -> None:
    """Write the report of ``result`` to ``file`` (default stdout) in ``fmt`` (``text``, ``md``, ``json``).

    ``file`` may also be a rich Console (its file is used). On a terminal, text gets colour and tables fit its width;
    piped or saved, lines are written as they are.
    """
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r} is not one of {', '.join(FORMATS)}")
    out = sys.stdout if file is None else getattr(file, "file", file)
    if fmt == "json":
        out.write(json.dumps(result.to_dict(), indent=2) + "\n")
        return
    bl = blocks(result, samples=samples)
    if fmt == "md":
        out.write(markdown(bl))
        return
    if _isatty(out):
        print_terminal(bl, out, terminal_width(out))
    else:
        out.write("".join(line + "\n" for line in text_lines(bl)))


def make_console(file: Any = None, width: int | None = None) -> Any:
    """A rich Console for tables of our own (``wprof env``): the terminal's width on a terminal, no wrapping when
    piped (rich would otherwise assume 80 columns and wrap long lines, commands included)."""
    from rich.console import Console

    target = sys.stdout if file is None else file
    if width is None and not _isatty(target):
        width = 10_000
    return Console(file=file, width=width, highlight=False, soft_wrap=True)
