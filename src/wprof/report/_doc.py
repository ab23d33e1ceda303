"""The report as data: lines and tables, rendered as plain text, markdown or coloured terminal text.

Each kind's renderer (``report/bench.py``, ``loop.py``, ``compare.py``, ``ncu.py``) turns a result into a list of
:class:`Line` and :class:`Table` blocks; the functions here lay them out. Plain text is what the live output and
``wprof report`` print, line for line (the terminal view adds colour only). Every string from a result goes through
:func:`~wprof.results._text.printable` here, so no renderer can print an escape sequence from a file. Lines are never
wrapped: a suggested command stays one line to copy; only table cells named ``shrink`` are cut to fit a terminal's
width (never when the output is piped or saved).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..results._text import printable

__all__ = ["Line", "Table", "Block", "text_lines", "markdown", "print_terminal"]

# line kinds: how markdown and the terminal show them (plain text shows the text as it is)
KINDS = ("title", "plain", "warning", "finding", "advice", "command", "note")


@dataclass(frozen=True)
class Line:
    """One line. ``kind``: title, plain, warning, finding, advice (the arrow under a warning), command (a shell line
    to copy: ``  $ cmd``), note."""

    text: str
    kind: str = "plain"


@dataclass(frozen=True)
class Table:
    """A table: a title line, a header (``header=False`` hides it: a key/value grid), rows of cells, an alignment
    per column (``"l"``/``"r"``), and the columns that may be cut to fit a terminal (``shrink``)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...] = ()
    header: bool = True
    shrink: tuple[int, ...] = field(default_factory=tuple)


Block = Line | Table


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def _table_lines(t: Table, width: int | None) -> list[str]:
    cols = len(t.columns)
    rows = [tuple(printable(c) for c in r) + ("",) * (cols - len(r)) for r in t.rows]
    head = [tuple(printable(c) for c in t.columns)] if t.header else []
    align = t.align + ("l",) * (cols - len(t.align))
    widths = [max([len(r[i]) for r in head + rows] or [0]) for i in range(cols)]
    total = sum(widths) + 2 * (cols - 1)
    if width is not None and total > width and t.shrink:  # cut the shrinkable columns, widest first
        over = total - width
        for i in sorted(t.shrink, key=lambda i: -widths[i]):
            take = min(over, max(0, widths[i] - 12))
            widths[i] -= take
            over -= take
        rows = [tuple(_cut(c, widths[i]) if i in t.shrink else c for i, c in enumerate(r)) for r in rows]
        head = [tuple(_cut(c, widths[i]) if i in t.shrink else c for i, c in enumerate(r)) for r in head]
    out = [printable(t.title)] if t.title else []
    for r in head + rows:
        cells = [c.ljust(widths[i]) if align[i] == "l" else c.rjust(widths[i]) for i, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
    return out


def text_lines(blocks: list[Block], width: int | None = None) -> list[str]:
    """Plain lines (the live output and ``wprof report --format text``). ``width``: the terminal's, or None."""
    out: list[str] = []
    for b in blocks:
        if isinstance(b, Table):
            out += _table_lines(b, width)
        else:
            out += [printable(x) for x in b.text.split("\n")]
    return out


def _md_text(text: str) -> str:
    """Markdown text: a file's ``<tag>`` shows as text, not as HTML."""
    return printable(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _md_cell(text: str) -> str:
    return _md_text(text).replace("|", "\\|")


def markdown(blocks: list[Block]) -> str:
    """GitHub-flavoured markdown: the title as a heading, tables as tables, commands in ``sh`` code blocks."""
    out: list[str] = []
    for b in blocks:
        if isinstance(b, Table):
            if b.title:
                out += [f"**{_md_cell(b.title)}**", ""]
            cols = len(b.columns)
            align = b.align + ("l",) * (cols - len(b.align))
            names = b.columns if b.header else ("",) * cols
            out.append("| " + " | ".join(_md_cell(c) for c in names) + " |")
            out.append("|" + "|".join("---:" if a == "r" else "---" for a in align) + "|")
            out += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in b.rows]
            out.append("")
            continue
        for raw in b.text.split("\n"):
            if b.kind == "command" or raw.lstrip().startswith("$ "):
                out += ["```sh", printable(raw).strip().removeprefix("$ "), "```", ""]
                continue
            text = _md_text(raw)
            if b.kind == "title":
                out += [f"## {text}", ""]
            elif b.kind in ("warning", "finding"):
                word, _, rest = text.partition(" ")
                out += [f"- **{word}** {rest}" if word.startswith(b.kind) else f"- {text}"]
            elif b.kind == "advice":
                out += [f"  {text.strip()}"]
            else:
                out += [text, ""]
    return "\n".join(out).rstrip() + "\n"


_STYLE = {"title": "bold", "warning": "yellow", "finding": "bold red", "command": "cyan", "advice": "", "note": "dim",
          "plain": ""}


def print_terminal(blocks: list[Block], file: Any = None, width: int | None = None) -> None:
    """The plain lines, coloured for a terminal (rich); the same characters as :func:`text_lines`."""
    from rich.console import Console
    from rich.text import Text

    console = Console(file=file, highlight=False, soft_wrap=True, emoji=False, markup=False)
    for b in blocks:
        lines = text_lines([b], width)
        kind = "title" if isinstance(b, Table) else b.kind
        for i, line in enumerate(lines):
            style = _STYLE.get(kind, "")
            if isinstance(b, Table):
                style = "bold" if i == 0 and b.title else ""
            elif line.lstrip().startswith("$ "):
                style = _STYLE["command"]
            console.print(Text(line, style=style))
