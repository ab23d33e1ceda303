"""Every rule has a positive and a negative fixture; markers `# expect: WPxxx` give the exact expected findings.

A positive fixture's findings (all rules) must equal its markers; a negative fixture must produce no finding at all.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wprof.lint import all_rules
from wprof.lint._engine import check_source

FIXTURES = Path(__file__).parent / "fixtures"
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def expected(path: Path) -> set[tuple[int, str]]:
    out = set()
    for i, line in enumerate(path.read_text().splitlines(), 1):
        m = _EXPECT.search(line)
        if m:
            out.update((i, c.strip()) for c in m.group(1).split(",") if c.strip())
    return out


def found(path: Path) -> set[tuple[int, str]]:
    diags, err = check_source(path.read_text(), str(path), all_rules())
    assert err is None, err
    return {(d.line, d.code) for d in diags}


CODES = [r.code for r in all_rules()]


@pytest.mark.parametrize("code", CODES)
def test_positive_fixture(code):
    path = FIXTURES / f"{code}_bad.py"
    exp = expected(path)
    assert any(c == code for _, c in exp), f"{path.name} has no `# expect: {code}` marker"
    assert found(path) == exp


@pytest.mark.parametrize("code", CODES)
def test_negative_fixture(code):
    path = FIXTURES / f"{code}_good.py"
    assert found(path) == set()
