"""Diagnostics and fixes: what a rule reports, as plain frozen data.

Positions are 1-based lines and 1-based columns counted in characters (as ruff prints them); an :class:`Edit`
uses the same lines with 0-based character columns, end exclusive.
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line, "col": self.col, "end_line": self.end_line, "end_col": self.end_col,
            "content": self.content,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Edit:
        return cls(d["line"], d["col"], d["end_line"], d["end_col"], d["content"])


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

    @property
    def fixable(self) -> bool:
        return self.fix is not None and self.fix.applicability == SAFE

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.line, self.column, self.code)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code, "name": self.name, "message": self.message, "fix_title": self.fix_title,
            "path": self.path, "line": self.line, "column": self.column, "end_line": self.end_line,
            "end_column": self.end_column, "fix": self.fix.to_dict() if self.fix else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Diagnostic:
        fix = Fix.from_dict(d["fix"]) if d.get("fix") else None
        return cls(d["code"], d["name"], d["message"], d["fix_title"], d["path"], d["line"], d["column"],
                   d["end_line"], d["end_column"], fix)


@dataclass(frozen=True)
class FileError:
    """A file that could not be linted (syntax error, unreadable); reported per file, the run goes on."""

    path: str
    line: int
    column: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "column": self.column, "message": self.message}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> FileError:
        return cls(d["path"], d["line"], d["column"], d["message"])
