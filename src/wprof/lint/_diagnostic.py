"""Diagnostics and fixes: what a rule reports, as plain frozen data.

Positions are 1-based lines and 1-based columns counted in characters (as ruff prints them); an :class:`Edit`
uses the same lines with 0-based character columns, end exclusive. In a notebook, ``cell`` is the 1-based position
of the cell in the notebook and lines count from the cell's first line; ``cell`` is ``None`` in a Python file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SAFE = "safe"
UNSAFE = "unsafe"


@dataclass(frozen=True)
class Edit:
    """Replace the text from (line, col) to (end_line, end_col) with ``content`` (0-based columns)."""

    line: int
    col: int
    end_line: int
    end_col: int
    content: str
    cell: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "line": self.line, "col": self.col, "end_line": self.end_line, "end_col": self.end_col,
            "content": self.content,
        }
        if self.cell is not None:
            out["cell"] = self.cell
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Edit:
        return cls(d["line"], d["col"], d["end_line"], d["end_col"], d["content"], d.get("cell"))


@dataclass(frozen=True)
class Fix:
    """A set of edits applied together; ``applicability`` is ``"safe"`` (``--fix``) or ``"unsafe"``."""

    edits: tuple[Edit, ...]
    applicability: str = SAFE

    def to_dict(self) -> dict[str, Any]:
        return {"applicability": self.applicability, "edits": [e.to_dict() for e in self.edits]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Fix:
        return cls(tuple(Edit.from_dict(e) for e in d["edits"]), d["applicability"])


@dataclass(frozen=True)
class Diagnostic:
    """One finding: a rule's code and name, a short message, an imperative fix title, and where."""

    code: str
    name: str
    message: str
    fix_title: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    fix: Fix | None = field(default=None, compare=False)
    cell: int | None = None

    @property
    def fixable(self) -> bool:
        return self.fix is not None and self.fix.applicability == SAFE

    @property
    def location(self) -> str:
        """``line:col``, or ``cell N:line:col`` in a notebook (as ruff prints it)."""
        return location(self.cell, self.line, self.column)

    def sort_key(self) -> tuple[str, int, int, int, str]:
        return (self.path, self.cell or 0, self.line, self.column, self.code)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code, "name": self.name, "message": self.message, "fix_title": self.fix_title,
            "path": self.path, "cell": self.cell, "line": self.line, "column": self.column,
            "end_line": self.end_line, "end_column": self.end_column, "fix": self.fix.to_dict() if self.fix else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Diagnostic:
        fix = Fix.from_dict(d["fix"]) if d.get("fix") else None
        return cls(d["code"], d["name"], d["message"], d["fix_title"], d["path"], d["line"], d["column"],
                   d["end_line"], d["end_column"], fix, d.get("cell"))


@dataclass(frozen=True)
class FileError:
    """A file that could not be linted (syntax error, unreadable); reported per file, the run goes on."""

    path: str
    line: int
    column: int
    message: str
    cell: int | None = None  # a notebook cell with a syntax error (the other cells are still linted)

    @property
    def location(self) -> str:
        return location(self.cell, self.line, self.column)

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "cell": self.cell, "line": self.line, "column": self.column,
                "message": self.message}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> FileError:
        return cls(d["path"], d["line"], d["column"], d["message"], d.get("cell"))


def location(cell: int | None, line: int, column: int) -> str:
    return f"{line}:{column}" if cell is None else f"cell {cell}:{line}:{column}"
