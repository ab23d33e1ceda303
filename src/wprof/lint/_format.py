"""Render lint results: text (as ruff prints), JSON (versioned) and SARIF 2.1.0."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ._diagnostic import Diagnostic, FileError

SCHEMA = "wprof.lint/1"
_PARTIAL = "; the rest "  # the error line of a file linted without its failing statements (_recover)
RULES_URL = "https://github.com/wprof/wprof/blob/main/docs/rules.md"


def format_text(diags: Sequence[Diagnostic], errors: Sequence[FileError], *, fixed: int = 0) -> str:
    lines = []
    for e in errors:
        lines.append(f"{e.path}:{e.location}: {e.message}")
    for d in diags:
        mark = " [*]" if d.fixable else ""
        lines.append(f"{d.path}:{d.location}: {d.code}{mark} {d.message}")
    n = len(diags)
    if fixed:
        lines.append(f"Fixed {fixed} finding{'s' if fixed != 1 else ''}.")
    if n:
        lines.append(f"Found {n} finding{'s' if n != 1 else ''}.")
        nfix = sum(d.fixable for d in diags)
        if nfix:
            lines.append(f"[*] {nfix} fixable with the `--fix` option.")
    elif errors:
        partial = [e for e in errors if _PARTIAL in e.message]  # read without the statements the line names
        whole = [e for e in errors if _PARTIAL not in e.message]
        if whole:
            lines.append(f"Found {_files_and_cells(whole)} that could not be linted.")
        if partial:
            lines.append(f"Found {_files_and_cells(partial)} linted without the lines named above.")
    else:
        lines.append("All checks passed!")
    return "\n".join(lines) + "\n"


def to_json(diags: Sequence[Diagnostic], errors: Sequence[FileError], *, files: int, fixed: int = 0) -> str:
    from .. import __version__

    doc: dict[str, Any] = {
        "schema": SCHEMA, "wprof_version": __version__, "files": files, "fixed": fixed,
        "diagnostics": [d.to_dict() for d in diags], "errors": [e.to_dict() for e in errors],
    }
    return json.dumps(doc, indent=2) + "\n"


def to_sarif(diags: Sequence[Diagnostic], errors: Sequence[FileError], rules: Sequence[Any]) -> str:
    """SARIF 2.1.0 with one run; syntax errors become tool execution notifications.

    In a notebook the region is the cell's (lines counted from the cell's first line) and the result (or the
    notification) carries ``properties.cell``, the cell's 1-based position in the notebook."""
    from .. import __version__

    index = {r.code: i for i, r in enumerate(rules)}
    sarif_rules = [{
        "id": r.code, "name": r.name,
        "shortDescription": {"text": r.summary.split(": ", 1)[-1]},
        "fullDescription": {"text": r.doc.split("## Why is this bad?")[0].replace("## What it does", "").strip()},
        "help": {"text": r.doc, "markdown": r.doc},
        "helpUri": f"{RULES_URL}#{r.code.lower()}-{r.name}",
        "defaultConfiguration": {"level": "warning"},
        "properties": {"fix": r.fix},
    } for r in rules]
    results = []
    for d in diags:
        res: dict[str, Any] = {
            "ruleId": d.code, "level": "warning",
            "message": {"text": f"{d.message}. {d.fix_title}."},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": d.path.replace("\\", "/")},
                "region": {"startLine": d.line, "startColumn": d.column, "endLine": d.end_line,
                           "endColumn": d.end_column},
            }}],
        }
        if d.code in index:
            res["ruleIndex"] = index[d.code]
        if d.cell is not None:
            res["properties"] = {"cell": d.cell}
        results.append(res)
    notes = []
    for e in errors:
        note: dict[str, Any] = {
            "level": "error", "message": {"text": e.message if e.cell is None else f"cell {e.cell}: {e.message}"},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": e.path.replace("\\", "/")},
                                                "region": {"startLine": e.line, "startColumn": max(e.column, 1)}}}],
        }
        if e.cell is not None:
            note["properties"] = {"cell": e.cell}
        notes.append(note)
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "wprof-lint", "version": __version__,
                                "informationUri": RULES_URL, "rules": sarif_rules}},
            "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": notes}],
            "results": results,
        }],
    }
    return json.dumps(doc, indent=2) + "\n"


def _files_and_cells(errors) -> str:
    """'2 files and 1 notebook cell': how many whole files and how many notebook cells the errors are about."""
    nfile = sum(e.cell is None for e in errors)
    ncell = len(errors) - nfile
    return " and ".join(f"{n} {what}{'s' if n != 1 else ''}" for n, what in ((nfile, "file"), (ncell, "notebook cell"))
                        if n)
