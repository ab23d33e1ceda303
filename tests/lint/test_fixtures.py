"""Every rule has a positive and a negative fixture; markers `# expect: WPxxx` give the exact expected findings.

A positive fixture's findings (all rules) must equal its markers; a negative fixture must produce no finding at all.
A rule that only applies to notebooks (WP115) has `.ipynb` fixtures; their markers sit in code cells and findings
are compared as (cell, line in cell, code).
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from wprof.lint import all_rules
from wprof.lint._engine import check_source, lint_notebook_text

FIXTURES = Path(__file__).parent / "fixtures"
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")
_EXPECT_EXTRA = re.compile(r"#\s*expect-extra:\s*([A-Z0-9, ]+)")  # weak evidence: only with `extra`


def _markers(text: str, cell: int | None, pattern: re.Pattern = _EXPECT) -> set[tuple[int | None, int, str]]:
    out = set()
    for i, line in enumerate(text.splitlines(), 1):
        m = pattern.search(line)
        if m:
            out.update((cell, i, c.strip()) for c in m.group(1).split(",") if c.strip())
    return out


def expected(path: Path, pattern: re.Pattern = _EXPECT) -> set[tuple[int | None, int, str]]:
    if path.suffix != ".ipynb":
        return _markers(path.read_text(), None, pattern)
    cells = json.loads(path.read_text())["cells"]
    return set().union(*(_markers("".join(c["source"]), i, pattern) for i, c in enumerate(cells, 1)
                         if c["cell_type"] == "code"))


def found(path: Path, weak: bool = False) -> set[tuple[int | None, int, str]]:
    rules = [dataclasses.replace(r, weak=weak) for r in all_rules()]
    if path.suffix == ".ipynb":
        res = lint_notebook_text(path.read_text(), str(path), rules)
        assert not res.errors, res.errors
        return {(d.cell, d.line, d.code) for d in res.diagnostics}
    diags, err = check_source(path.read_text(), str(path), rules)
    assert err is None, err
    return {(d.cell, d.line, d.code) for d in diags}


def fixture(code: str, kind: str) -> Path:
    py = FIXTURES / f"{code}_{kind}.py"
    return py if py.exists() else FIXTURES / f"{code}_{kind}.ipynb"


CODES = [r.code for r in all_rules()]


@pytest.mark.parametrize("code", CODES)
def test_positive_fixture(code):
    path = fixture(code, "bad")
    exp = expected(path)
    assert any(c == code for _, _, c in exp), f"{path.name} has no `# expect: {code}` marker"
    assert found(path) == exp
    assert found(path, weak=True) == exp | expected(path, _EXPECT_EXTRA)  # weak evidence: only with `extra`


@pytest.mark.parametrize("code", CODES)
def test_negative_fixture(code):
    path = fixture(code, "good")
    assert found(path) == set()
    assert found(path, weak=True) == expected(path, _EXPECT_EXTRA)
