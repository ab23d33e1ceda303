"""Every rule has a positive and a negative fixture; markers `# expect: WPxxx` give the exact expected findings.

A positive fixture's findings (all rules) must equal its markers; a negative fixture must produce no finding at all.
A rule that only applies to notebooks (WP115) has `.ipynb` fixtures; their markers sit in code cells and findings
are compared as (cell, line in cell, code).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from expect_markers import EXPECT_EXTRA, expected

from wprof.lint import all_rules
from wprof.lint._engine import check_source, lint_notebook_text

FIXTURES = Path(__file__).parent / "fixtures"


def found(path: Path, weak: bool = False) -> set[tuple[int | None, int, str]]:
    rules = [dataclasses.replace(r, weak=weak, explicit=True) for r in all_rules()]  # every rule selected
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
    assert found(path, weak=True) == exp | expected(path, EXPECT_EXTRA)  # weak evidence: only with `extra`


@pytest.mark.parametrize("code", CODES)
def test_negative_fixture(code):
    path = fixture(code, "good")
    assert found(path) == set()
    assert found(path, weak=True) == expected(path, EXPECT_EXTRA)
