"""`# expect: WPxxx` / `# expect-extra: WPxxx` markers in lint fixtures (scripts and notebooks), read as
(cell, line, code) triples; shared by the fixture and real-code tests."""

from __future__ import annotations

import json
import re
from pathlib import Path

EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")
EXPECT_EXTRA = re.compile(r"#\s*expect-extra:\s*([A-Z0-9, ]+)")  # weak evidence: only with `extra`
OPT_IN = re.compile(r"#\s*opt-in:\s*([A-Z0-9, ]+)")  # a default rule's opt-in part: when the rule is selected by code


def _markers(text: str, cell: int | None, pattern: re.Pattern = EXPECT) -> set[tuple[int | None, int, str]]:
    out = set()
    for i, line in enumerate(text.splitlines(), 1):
        m = pattern.search(line)
        if m:
            out.update((cell, i, c.strip()) for c in m.group(1).split(",") if c.strip())
    return out


def expected(path: Path, pattern: re.Pattern = EXPECT) -> set[tuple[int | None, int, str]]:
    if path.suffix != ".ipynb":
        return _markers(path.read_text(), None, pattern)
    cells = json.loads(path.read_text())["cells"]
    return set().union(*(_markers("".join(c["source"]), i, pattern) for i, c in enumerate(cells, 1)
                         if c["cell_type"] == "code"))
