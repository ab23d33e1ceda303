#!/usr/bin/env python3
"""Regenerate docs/rules.md from the rule docstrings and the precision/recall table in docs/lint.md.

    PYTHONPATH=src python3 scripts/gen_rules_doc.py          # write
    PYTHONPATH=src python3 scripts/gen_rules_doc.py --check  # exit 1 if either file is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from wprof.lint._docs import render_rules, render_score_table  # noqa: E402

RULES_MD = ROOT / "docs" / "rules.md"
LINT_MD = ROOT / "docs" / "lint.md"
CORPUS = ROOT / "tests" / "lint" / "corpus"
BEGIN, END = "<!-- corpus-table:begin -->", "<!-- corpus-table:end -->"


def expected_files() -> dict[Path, str]:
    out = {RULES_MD: render_rules()}
    if LINT_MD.exists():
        text = LINT_MD.read_text(encoding="utf-8")
        if BEGIN in text and END in text:
            head, rest = text.split(BEGIN, 1)
            _, tail = rest.split(END, 1)
            table = render_score_table(sorted(CORPUS.glob("*.py")))
            out[LINT_MD] = f"{head}{BEGIN}\n{table}{END}{tail}"
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if a file is out of date")
    args = ap.parse_args(argv)
    stale = []
    for path, text in expected_files().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(path)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    for p in stale:
        print(f"{'stale' if args.check else 'wrote'}: {p.relative_to(ROOT)}")
    return 1 if (stale and args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
